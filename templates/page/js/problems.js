// ---- problems.js: the validator's verdict, placed at the fields. The validator is the
// package's own (`inputSchemas[tool].safeParse`, what parseArguments runs); its issues
// become problems as parseArguments reports them: one per place, an unknown key at its
// own path.

function problemsOf(issues) {
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: `unknown key ${JSON.stringify(key)}` }))
      : [{ path: issue.path, message: issue.message }],
  );
}

/** RFC 6901, as parseArguments prints a problem's place. */
function pointerOf(path) {
  return path.map((step) => `/${String(step).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/**
 * Shows each problem at the deepest field on its path (with the rest of the path when
 * the form has no field for it: an unknown key, an item of a JSON value). Returns the
 * number of problems shown, local ones (text that is not a number or not JSON) included.
 */
function placeProblems(root, problems) {
  const fields = new Map();
  root.place([], fields);
  const at = new Map();
  for (const problem of problems) {
    let depth = problem.path.length;
    while (depth > 0 && !fields.has(JSON.stringify(problem.path.slice(0, depth)))) depth -= 1;
    const key = JSON.stringify(problem.path.slice(0, depth));
    const rest = pointerOf(problem.path.slice(depth));
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(rest ? `${rest}: ${problem.message}` : problem.message);
  }
  let count = 0;
  for (const [key, shownField] of fields) count += shownField.show(at.get(key) ?? []);
  return count;
}

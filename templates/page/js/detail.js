// ---- detail.js: one tool opened: what it is, what each mode decides, its form, its
// arguments as JSON (editable), and the call each provider would send. Built when the
// tool is first opened and kept, so switching tools keeps what was typed.

/** Text with `code` spans where it has backquotes (list titles), as nodes. */
function withCode(text) {
  return text.split("`").map((part, index) => (index % 2 === 1 ? h("code", {}, part) : part));
}

function toolPanel(app, tool) {
  const descriptor = tool.descriptor;
  const headingId = uid("tool");
  const heading = h("h2", { id: headingId, tabindex: "-1" }, descriptor.title);
  const facts = h("dl", { class: "facts" });
  const fact = (term, value) => facts.append(h("div", {}, h("dt", {}, term), h("dd", {}, value)));
  fact("name", h("code", {}, descriptor.name));
  fact("server", tool.server);
  fact("category", descriptor.category);
  fact("kind", descriptor.kind);
  fact("risk", descriptor.riskLevel);
  fact("read-only", descriptor.isReadOnly ? "yes" : "no");
  fact("OpenAI strict", descriptor.strict ? "yes" : "no");
  for (const [field, policy] of Object.entries(tool.floors)) {
    fact(h("code", {}, field), ["from policy ", h("code", {}, policy)]);
  }

  const decisions = h("tbody");
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const ctx = { root: descriptor.inputSchema, changed: () => { source = "form"; update(); } };
  const root = field(ctx, descriptor.inputSchema, { label: "arguments", optional: false, depth: 0, root: true });
  const jsonId = uid("json");
  const jsonText = h("textarea", {
    id: jsonId, class: "json", rows: "6", spellcheck: "false", "aria-describedby": `${jsonId}-problems`,
  });
  const jsonProblems = h("ul", { class: "problems", id: `${jsonId}-problems` });
  const calls = h("div", { class: "calls" });
  let source = "form";
  let jsonValue = ABSENT;

  jsonText.addEventListener("input", () => {
    try {
      jsonValue = JSON.parse(jsonText.value);
    } catch (error) {
      jsonValue = ABSENT;
      source = "json";
      jsonProblems.replaceChildren(h("li", {}, `not JSON: ${error.message}`));
      update();
      return;
    }
    jsonProblems.replaceChildren();
    source = root.set(jsonValue) ? "form" : "json";
    if (source === "json") {
      jsonProblems.append(h("li", { class: "note" }, "The form cannot show all of this value: these arguments are the ones checked and sent."));
    }
    update();
  });

  const element = h(
    "article",
    { class: "tool", "aria-labelledby": headingId, "data-tool": descriptor.name },
    heading,
    facts,
    descriptor.description && h("p", { class: "desc" }, descriptor.description),
    h("section", { class: "decisions" },
      h("h3", {}, "What each mode decides"),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "mode"), h("th", { scope: "col" }, "decision"))), decisions)),
    h("section", { class: "form" }, h("h3", {}, "Arguments"), status, root.element),
    h("section", { class: "raw" },
      h("h3", {}, h("label", { for: jsonId }, "Arguments as JSON")),
      h("p", { class: "note" }, "Edit to fill the form; the raw editor also takes what the form cannot show."),
      jsonText, jsonProblems),
    h("section", { class: "sent" }, h("h3", {}, "What each provider sends"), calls),
  );

  function update() {
    const value = source === "json" ? jsonValue : root.get();
    if (source === "form" && document.activeElement !== jsonText) {
      jsonText.value = shownJson(value);
      jsonProblems.replaceChildren();
    }
    renderDecisions();
    if (app.validators === null) {
      status.textContent = app.loadError ?? "Loading the validators…";
      placeProblems(root, []);
      return;
    }
    const problems = value === ABSENT ? [] : checked(value);
    const count = placeProblems(root, problems) + (value === ABSENT ? 1 : 0);
    element.dataset.problems = String(count);
    status.textContent = count === 0
      ? "No problems: parseArguments accepts these arguments."
      : `${count} problem${count === 1 ? "" : "s"}: see the fields.`;
    renderCalls(value, count === 0);
  }

  function checked(value) {
    const result = app.validators[descriptor.name].safeParse(value);
    return result.success ? [] : problemsOf(result.error.issues);
  }

  function renderDecisions() {
    decisions.replaceChildren(...app.data.modes.map((mode) => h("tr", { "data-mode": mode },
      h("th", { scope: "row" }, mode),
      h("td", {}, app.decide === null ? "…" : app.decide(descriptor, mode)))));
  }

  function renderCalls(value, valid) {
    calls.replaceChildren();
    if (tool.calls.length === 0) calls.append(h("p", { class: "note" }, "No provider target is enabled."));
    for (const [index, name] of tool.calls) calls.append(callView(app.data.lists[index], name, value, valid));
  }

  function callView(list, name, value, valid) {
    const view = h("section", { class: "call", "data-list": list.id, "data-target": list.target, "data-adapter": list.adapter ?? "" });
    view.append(h("h4", {}, withCode(list.call === null ? list.title : list.call.title)));
    if (value === ABSENT) return view;
    const schema = list.adapter === null ? undefined : (app.data.schemas[list.adapter] ?? {})[descriptor.name];
    const args = schema === undefined ? value : sent(schema, schema, value);
    if (schema !== undefined) {
      view.append(h("p", { class: "note" }, `This provider receives its own copy of the schema (${app.data.transforms[list.adapter]}).`));
    }
    if (list.call === null) view.append(h("p", { class: "note" }, "How this provider sends a call is not described: name and arguments."));
    const message = list.call === null ? { name, arguments: args } : callOf(list.call, name, args);
    view.append(h("pre", { class: "sent" }, h("code", {}, shownJson(message))));
    // What the host gets from parseArguments(name, arguments, provider): the inverse
    // undoes the transform, but a null strict mode sent for a nullable property stays.
    const inverse = (app.data.inverses[list.target] ?? {})[descriptor.name];
    const back = inverse === undefined || app.undo === null ? args : app.undo(inverse, args);
    if (canonicalJson(back) !== canonicalJson(value)) {
      view.append(
        h("p", { class: "note" }, `parseArguments(…, "${list.target}") gives the host:`),
        h("pre", { class: "back" }, h("code", {}, shownJson(back))),
      );
    }
    if (!valid) view.classList.add("invalid");
    return view;
  }

  return { element, heading, update, focus: () => heading.focus() };
}

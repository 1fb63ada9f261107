// ---- widgets.js: one field per schema position, and the controls for single values.
//
// A field is { element, get, set, place, show, focus }: get() is the value it holds or
// ABSENT; set(value) shows a value (false when the form cannot show all of it); place
// registers the field under its JSON path so a validator problem lands at its field;
// show(messages) lists the problems at it. An optional property has an "include"
// checkbox: unchecked means the key is absent (typing into the field checks it).

const ABSENT = Symbol("absent");
const CONTROLS = {};

function field(ctx, rawSchema, options) {
  const schema = deref(ctx.root, rawSchema);
  const kind = kindOf(schema, options.depth);
  const grouped = kind === "object" || kind === "array";
  const id = uid("f");
  const description = typeof schema.description === "string" ? schema.description : "";
  const expected = expectation(isObject(schema) ? schema : {}, kind);
  const problems = h("ul", { class: "problems", id: `${id}-problems` });
  const describedBy = [description && `${id}-desc`, expected && `${id}-expect`, `${id}-problems`]
    .filter(Boolean).join(" ");
  const body = h("div", { class: "body" });
  let control = null;
  let included = !options.optional;

  const changed = () => {
    if (!included) include(true);
    ctx.changed();
  };
  const build = () => {
    if (control === null) {
      const spec = { id, label: options.label, describedBy, depth: options.depth, changed };
      control = CONTROLS[kind](ctx, isObject(schema) ? schema : {}, spec);
      if (isObject(schema) && own(schema, "default") && !grouped) control.set(schema.default);
      body.append(control.element);
    }
    return control;
  };
  const include = (on) => {
    included = on;
    if (toggle !== null) toggle.checked = on;
    frame.classList.toggle("absent", !on);
    if (on) build();
  };

  const { head, toggle } = fieldHead(schema, options, id, grouped, expected, (on) => {
    include(on);
    ctx.changed();
  });
  const parts = [
    head,
    description && h("p", { class: "desc", id: `${id}-desc` }, description),
    body,
    problems,
  ];
  const frame = grouped && !options.root
    ? h("fieldset", { class: `field kind-${kind}` }, h("legend", {}, parts[0]), parts.slice(1))
    : h("div", { class: `field kind-${kind}` }, parts);
  // An optional object or choice is built when included: a recursive schema then
  // grows one level per click, never by itself. Arrays start empty, so they are built.
  if (!options.optional || !(kind === "object" || kind === "choice")) build();
  include(included);

  const api = {
    element: frame,
    get: () => (included && control !== null ? control.get() : ABSENT),
    set(value) {
      if (value === ABSENT) {
        if (options.optional) include(false);
        else if (control !== null) control.clear();
        return true;
      }
      include(true);
      return build().set(value);
    },
    place(path, map) {
      map.set(JSON.stringify(path), api);
      frame.dataset.path = pointerOf(path);
      if (included && control !== null && control.place) control.place(path, map);
    },
    show(messages) {
      const local = included && control !== null && control.local ? control.local() : [];
      const all = [...local, ...messages];
      problems.replaceChildren(...all.map((message) => h("li", {}, message)));
      if (control !== null && control.input) control.input.setAttribute("aria-invalid", String(all.length > 0));
      return all.length;
    },
    focus() {
      const target = control !== null && control.input ? control.input : toggle;
      if (target) target.focus();
    },
  };
  return api;
}

/** A field's first line: its include checkbox (optional properties), the label bound to
 * its control (a legend's text for objects and arrays), title, required or optional, and
 * what it expects. */
function fieldHead(schema, options, id, grouped, expected, toggled) {
  const head = h("div", { class: "head" });
  let toggle = null;
  if (options.optional) {
    toggle = h("input", { type: "checkbox", id: `${id}-on`, "aria-label": `include ${options.label}` });
    toggle.addEventListener("change", () => toggled(toggle.checked));
    head.append(toggle);
  }
  if (!options.root) {
    const name = h("code", { class: "name" }, options.label);
    head.append(grouped ? name : h("label", { for: id }, name));
    if (typeof schema.title === "string" && !options.label.endsWith(schema.title)) {
      head.append(h("span", { class: "title" }, schema.title));
    }
    head.append(h("span", { class: "flag" }, options.optional ? "optional" : "required"));
  }
  if (expected) head.append(h("span", { class: "expect", id: `${id}-expect` }, expected));
  return { head, toggle };
}

// ---- controls for one value: { element, input, get, set, clear, local? }

CONTROLS.string = (ctx, schema, spec) => {
  const short = typeof schema.maxLength === "number" && schema.maxLength <= 200;
  const line = short || own(schema, "pattern") || own(schema, "format");
  const input = line
    ? h("input", { type: "text", id: spec.id, "aria-describedby": spec.describedBy, spellcheck: "false" })
    : h("textarea", { id: spec.id, rows: "1", "aria-describedby": spec.describedBy, spellcheck: "false" });
  input.addEventListener("input", spec.changed);
  return {
    element: input,
    input,
    get: () => input.value,
    set(value) {
      if (typeof value !== "string") return false;
      input.value = value;
      return true;
    },
    clear: () => { input.value = ""; },
  };
};

CONTROLS.number = (ctx, schema, spec) => {
  const integer = typesOf(schema).includes("integer");
  const step = typeof schema.multipleOf === "number" ? schema.multipleOf : integer ? 1 : "any";
  const input = h("input", {
    type: "number",
    id: spec.id,
    step: String(step),
    min: typeof schema.minimum === "number" ? String(schema.minimum) : null,
    max: typeof schema.maximum === "number" ? String(schema.maximum) : null,
    "aria-describedby": spec.describedBy,
  });
  input.addEventListener("input", spec.changed);
  return {
    element: input,
    input,
    get: () => (input.value === "" ? ABSENT : Number(input.value)),
    set(value) {
      if (typeof value !== "number") return false;
      input.value = String(value);
      return true;
    },
    clear: () => { input.value = ""; },
    local: () => (input.validity.badInput ? ["not a number"] : []),
  };
};

CONTROLS.boolean = (ctx, schema, spec) => {
  const input = h("input", { type: "checkbox", id: spec.id, "aria-describedby": spec.describedBy });
  input.addEventListener("change", spec.changed);
  return {
    element: h("span", { class: "check" }, input, h("span", { "aria-hidden": "true" }, "true")),
    input,
    get: () => input.checked,
    set(value) {
      if (typeof value !== "boolean") return false;
      input.checked = value;
      return true;
    },
    clear: () => { input.checked = false; },
  };
};

CONTROLS.enum = (ctx, schema, spec) => {
  const values = schema.enum;
  const input = h(
    "select",
    { id: spec.id, "aria-describedby": spec.describedBy },
    values.map((value, index) => h("option", { value: String(index) }, choiceText(value))),
  );
  input.addEventListener("change", spec.changed);
  return {
    element: input,
    input,
    get: () => (values.length === 0 ? ABSENT : values[Number(input.value)]),
    set(value) {
      const index = values.findIndex((item) => canonicalJson(item) === canonicalJson(value));
      if (index < 0) return false;
      input.value = String(index);
      return true;
    },
    clear: () => { input.value = "0"; },
  };
};

/** An enum member as an option: a string as it is; any other value as JSON, typed. */
function choiceText(value) {
  if (typeof value === "string") return value;
  return `${JSON.stringify(value)} (${value === null ? "null" : Array.isArray(value) ? "array" : typeof value})`;
}

CONTROLS.const = (ctx, schema, spec) => {
  const output = h("output", { id: spec.id, "aria-describedby": spec.describedBy }, shown(schema.const));
  return {
    element: output,
    input: null,
    get: () => schema.const,
    set: (value) => canonicalJson(value) === canonicalJson(schema.const),
    clear: () => {},
  };
};

CONTROLS.null = (ctx, schema, spec) => ({
  element: h("output", { id: spec.id, "aria-describedby": spec.describedBy }, "null"),
  input: null,
  get: () => null,
  set: (value) => value === null,
  clear: () => {},
});

// The fallback for what a form cannot show: the value as JSON text.
CONTROLS.json = (ctx, schema, spec) => {
  const input = h("textarea", {
    id: spec.id,
    class: "json",
    rows: "3",
    spellcheck: "false",
    "aria-describedby": spec.describedBy,
    placeholder: "JSON",
  });
  input.addEventListener("input", spec.changed);
  let problem = null;
  return {
    element: input,
    input,
    get() {
      problem = null;
      if (input.value.trim() === "") return ABSENT;
      try {
        return JSON.parse(input.value);
      } catch (error) {
        problem = `not JSON: ${error.message}`;
        return ABSENT;
      }
    },
    set(value) {
      input.value = shownJson(value);
      return true;
    },
    clear: () => { input.value = ""; },
    local: () => (problem === null ? [] : [problem]),
  };
};

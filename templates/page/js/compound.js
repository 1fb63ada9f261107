// ---- compound.js: objects (a field per property, in the contract's order), arrays (a
// field per item, added and removed by buttons) and choices (anyOf/oneOf branches, or
// the types of a type list such as ["string", "null"]: a select, then the chosen
// branch's field). Children are built when shown, so recursive schemas stay finite.

CONTROLS.object = (ctx, schema, spec) => {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const children = Object.keys(properties).map((name) => [
    name,
    field(ctx, properties[name], { label: name, optional: !required.has(name), depth: spec.depth + 1 }),
  ]);
  const element = h("div", { class: "object" }, children.map(([, child]) => child.element));
  if (children.length === 0) element.append(h("p", { class: "note" }, "no properties: {}"));
  return {
    element,
    input: null,
    get() {
      const value = {};
      for (const [name, child] of children) {
        const item = child.get();
        if (item !== ABSENT) define(value, name, item);
      }
      return value;
    },
    set(value) {
      if (!isObject(value)) return false;
      let all = Object.keys(value).every((key) => own(properties, key));
      for (const [name, child] of children) {
        all = child.set(own(value, name) ? value[name] : ABSENT) && all;
      }
      return all;
    },
    clear() {
      for (const [, child] of children) child.set(ABSENT);
    },
    place(path, map) {
      for (const [name, child] of children) child.place([...path, name], map);
    },
  };
};

CONTROLS.array = (ctx, schema, spec) => {
  const itemSchema = schema.items === undefined ? true : schema.items;
  const list = h("ol", { class: "items" });
  let items = [];
  const add = h("button", { type: "button", class: "add" }, `Add ${spec.label} item`);

  const render = (values) => {
    list.replaceChildren();
    items = values.map((value, index) => {
      const label = `${spec.label} item ${index + 1}`;
      const child = field(ctx, itemSchema, { label, optional: false, depth: spec.depth + 1 });
      if (value !== ABSENT) child.set(value);
      const remove = h("button", { type: "button", class: "remove" }, `Remove ${label}`);
      remove.addEventListener("click", () => {
        render(items.filter((_, other) => other !== index).map((item) => item.get()));
        spec.changed();
        const next = items[index] ?? items[index - 1];
        if (next) next.focus();
        else add.focus();
      });
      list.append(h("li", {}, child.element, remove));
      return child;
    });
  };
  add.addEventListener("click", () => {
    render([...items.map((item) => item.get()), ABSENT]);
    spec.changed();
    items[items.length - 1].focus();
  });
  return {
    element: h("div", { class: "array" }, list, add),
    input: null,
    get: () => items.map((item) => {
      const value = item.get();
      return value === ABSENT ? null : value;
    }),
    set(value) {
      if (!Array.isArray(value)) return false;
      render(value);
      return items.every((item, index) => canonicalJson(item.get()) === canonicalJson(value[index]));
    },
    clear: () => render([]),
    place(path, map) {
      items.forEach((item, index) => item.place([...path, index], map));
    },
  };
};

CONTROLS.choice = (ctx, schema, spec) => {
  const branches = branchesOf(ctx.root, schema);
  const written = unionOf(schema) ?? [];
  const labels = branches.map((branch, index) => branchLabel(ctx.root, branch, written[index]));
  const input = h(
    "select",
    { id: spec.id, "aria-describedby": spec.describedBy },
    labels.map((label, index) => h("option", { value: String(index) }, label)),
  );
  const holder = h("div", { class: "branch" });
  const built = new Map();
  let current = 0;
  const branchField = (index) => {
    if (!built.has(index)) {
      const label = `${spec.label}: ${labels[index]}`;
      built.set(index, field(ctx, branches[index], { label, optional: false, depth: spec.depth + 1 }));
    }
    return built.get(index);
  };
  const choose = (index) => {
    current = index;
    input.value = String(index);
    holder.replaceChildren(branchField(index).element);
  };
  input.addEventListener("change", () => {
    choose(Number(input.value));
    spec.changed();
  });
  const preferred = own(schema, "default")
    ? branches.findIndex((branch) => fits(ctx.root, branch, schema.default))
    : -1;
  if (branches.length > 0) choose(Math.max(preferred, 0));
  return {
    element: h("div", { class: "choice" }, input, holder),
    input,
    get: () => (branches.length === 0 ? ABSENT : branchField(current).get()),
    set(value) {
      const index = branches.findIndex((branch) => fits(ctx.root, branch, value));
      if (index < 0) return false;
      choose(index);
      return branchField(index).set(value);
    },
    clear() {
      if (branches.length > 0) branchField(current).set(ABSENT);
    },
    place(path, map) {
      if (branches.length > 0) branchField(current).place(path, map);
    },
  };
};

// ---- main.js: read the data, show the catalogue, then load the package's modules
// (decide first: the mode filter needs it; the validators last: the biggest).
// `#tool=<name>` in the address opens a tool, so a link can point at one.

function start() {
  const data = JSON.parse(document.getElementById("toolcanon-data").textContent);
  const app = {
    data,
    tools: data.tools,
    byName: new Map(data.tools.map((tool) => [tool.descriptor.name, tool])),
    panels: new Map(),
    current: null,
    decide: null,
    undo: null,
    validators: null,
    loadError: null,
  };
  const detail = document.getElementById("detail");
  app.open = (name, focus = true) => {
    const tool = app.byName.get(name);
    if (tool === undefined) return;
    if (!app.panels.has(name)) app.panels.set(name, toolPanel(app, tool));
    app.current = app.panels.get(name);
    detail.replaceChildren(app.current.element);
    app.current.update();
    app.list.select(name);
    history.replaceState(null, "", `#tool=${encodeURIComponent(name)}`);
    if (focus) app.current.focus();
  };
  app.list = catalogue(app);
  licences(data.licences);
  detail.addEventListener("keydown", (event) => {
    const row = app.current && app.list.rows.find((item) => item.button.getAttribute("aria-current") === "true");
    if (event.key === "Escape" && row) row.button.focus();
  });
  document.documentElement.dataset.state = "catalogue";
  performance.mark("toolcanon:catalogue");
  openFromAddress(app, false);
  window.addEventListener("hashchange", () => openFromAddress(app, true));
  loadAll(app);
}

function openFromAddress(app, focus) {
  const found = /^#tool=(.*)$/.exec(location.hash);
  if (found === null) return;
  let name;
  try {
    name = decodeURIComponent(found[1]);
  } catch {
    return;
  }
  if (app.current === null || app.current.element.dataset.tool !== name) app.open(name, focus);
}

async function loadAll(app) {
  const load = moduleLoader(app.data);
  const refresh = () => {
    if (app.current !== null) app.current.update();
  };
  try {
    app.decide = (await load("decide")).decide;
    for (const tool of app.tools) {
      tool.decisions = Object.fromEntries(app.data.modes.map((mode) => [mode, app.decide(tool.descriptor, mode)]));
    }
    document.getElementById("filter-decision").disabled = false;
    app.list.refresh();
    app.undo = (await load("undo")).undo;
    app.validators = (await load("validators")).inputSchemas;
  } catch (error) {
    app.loadError = `The validators could not be loaded: ${error}`;
  }
  refresh();
  performance.mark("toolcanon:ready");
  document.documentElement.dataset.state = app.loadError === null ? "ready" : "failed";
}

function licences(entries) {
  const holder = document.getElementById("licences");
  for (const entry of entries) holder.append(h("h2", {}, entry.name), h("pre", {}, entry.text));
}

start();

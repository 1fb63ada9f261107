// ---- catalogue.js: every tool as a row (a button), the filters, and keyboard moves
// through the list (arrow keys, Home, End; one row at a time is in the tab order).

function catalogue(app) {
  const list = document.getElementById("tool-list");
  const rows = app.tools.map((tool, index) => {
    const descriptor = tool.descriptor;
    const button = h(
      "button",
      { type: "button", class: "row", "data-tool": descriptor.name, tabindex: index === 0 ? "0" : "-1" },
      h("span", { class: "row-title" }, descriptor.title),
      h("code", { class: "row-name" }, descriptor.name),
      h("span", { class: "row-meta" }, `${tool.server} · ${descriptor.category} · ${descriptor.riskLevel} risk`),
    );
    button.addEventListener("click", () => app.open(descriptor.name));
    const text = [descriptor.name, descriptor.title, descriptor.description, descriptor.providerName]
      .join("\n").toLowerCase();
    return { tool, button, item: h("li", {}, button), text };
  });
  const fragment = document.createDocumentFragment();
  for (const row of rows) fragment.append(row.item);
  list.append(fragment);
  list.addEventListener("keydown", (event) => move(rows, event));

  const unique = (values) => [...new Set(values)].sort();
  fillSelect("filter-server", unique(app.tools.map((tool) => tool.server)));
  fillSelect("filter-category", unique(app.tools.map((tool) => tool.descriptor.category)));
  fillSelect("filter-risk", app.data.riskLevels);
  fillSelect("filter-mode", app.data.modes);
  fillSelect("filter-decision", app.data.decisions);
  for (const id of ["filter-text", "filter-server", "filter-category", "filter-risk", "filter-mode", "filter-decision"]) {
    document.getElementById(id).addEventListener("input", () => filter(app, rows));
  }
  filter(app, rows);
  return {
    rows,
    refresh: () => filter(app, rows),
    select(name) {
      for (const row of rows) {
        const current = row.tool.descriptor.name === name;
        row.button.setAttribute("aria-current", String(current));
        if (current) rove(rows, row);
      }
    },
  };
}

function fillSelect(id, values) {
  const select = document.getElementById(id);
  for (const value of values) select.append(h("option", { value }, value));
}

function filter(app, rows) {
  const value = (id) => document.getElementById(id).value;
  const words = value("filter-text").trim().toLowerCase().split(/\s+/).filter(Boolean);
  const [server, category, risk, mode, decision] =
    ["filter-server", "filter-category", "filter-risk", "filter-mode", "filter-decision"].map(value);
  let shownCount = 0;
  for (const row of rows) {
    const { tool } = row;
    const decided = tool.decisions === undefined ? [] : mode ? [tool.decisions[mode]] : Object.values(tool.decisions);
    const match = words.every((word) => row.text.includes(word))
      && (!server || tool.server === server)
      && (!category || tool.descriptor.category === category)
      && (!risk || tool.descriptor.riskLevel === risk)
      && (!decision || decided.includes(decision));
    row.item.hidden = !match;
    if (match) shownCount += 1;
  }
  document.getElementById("filter-count").textContent = `${shownCount} of ${rows.length} tools`;
  document.getElementById("no-tools").hidden = shownCount > 0;
  const focusable = rows.find((row) => row.button.tabIndex === 0);
  if (focusable === undefined || focusable.item.hidden) {
    const first = rows.find((row) => !row.item.hidden);
    if (first) rove(rows, first);
  }
}

/** Puts `row` alone in the tab order. */
function rove(rows, row) {
  for (const other of rows) if (other.button.tabIndex === 0 && other !== row) other.button.tabIndex = -1;
  row.button.tabIndex = 0;
}

function move(rows, event) {
  const visible = rows.filter((row) => !row.item.hidden);
  const at = visible.findIndex((row) => row.button === document.activeElement);
  const last = visible.length - 1;
  const target = { ArrowDown: Math.min(at + 1, last), ArrowUp: Math.max(at - 1, 0), Home: 0, End: last }[event.key];
  if (target === undefined || at < 0 || last < 0) return;
  event.preventDefault();
  rove(rows, visible[target]);
  visible[target].button.focus();
}

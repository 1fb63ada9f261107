// ---- dom.js: building elements. Every text a contract supplies (names, titles,
// descriptions, defaults, enum values, patterns) enters the document as a text node, an
// attribute value or a form control's value: never parsed as HTML, never run.

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
let lastId = 0;

/** A fresh element id (ids only bind labels and descriptions; they carry no contract text). */
function uid(prefix) {
  lastId += 1;
  return `${prefix}-${lastId}`;
}

/**
 * `h("p", { class: "x", id: "y" }, "text", child)`: attributes by setAttribute (inert
 * values), children appended as nodes or text nodes. `on` maps event names to handlers.
 */
function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") {
      for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** A JSON value as one line of text: strings as they are, anything else as JSON. */
function shown(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Unicode code points, as JSON Schema counts string length. */
function codePoints(text) {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** A JSON value spelled one way only (sorted keys), for equality. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Sets an own property, also one named `__proto__` (plain assignment would not). */
function define(target, key, value) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

// Invisible format characters (bidi overrides and isolates, zero-width characters, line
// and paragraph separators) can make shown text read differently from what it is.
const HIDDEN = /[\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/**
 * A JSON value as JSON text for display, with every invisible format character written
 * as its \uXXXX escape: the same JSON (a parser reads the same value), nothing hidden.
 * Such characters only occur inside strings, where the escape means the character.
 */
function shownJson(value) {
  return JSON.stringify(value, null, 2).replace(HIDDEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

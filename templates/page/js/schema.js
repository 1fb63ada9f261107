// ---- schema.js: reading a JSON Schema for the form. Validation is never done here
// (the generated Zod validators do it); this only decides which control shows a value.

const ANNOTATIONS = new Set([
  "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
  "$comment", "$schema", "$id", "$anchor", "$defs", "definitions", "format",
  "contentMediaType", "contentEncoding",
]);
// Keywords a form cannot offer as controls: their schema gets the raw JSON editor.
const FORMLESS = ["allOf", "not", "if", "then", "else", "dependentSchemas", "dependencies",
  "prefixItems", "contains", "unevaluatedProperties", "unevaluatedItems", "$dynamicRef"];
const MAX_DEPTH = 24;

/** The value at a local `$ref` ("#", "#/$defs/a", percent- and ~-escaped), or undefined. */
function lookup(root, ref) {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node = root;
  for (const raw of ref.slice(2).split("/")) {
    let token;
    try {
      token = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    } catch {
      return undefined;
    }
    if (!(isObject(node) || Array.isArray(node)) || !own(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

/** `schema` with local `$ref`s followed (siblings of `$ref` laid over its target). */
function deref(root, schema) {
  for (let hops = 0; hops < 32 && isObject(schema) && typeof schema.$ref === "string"; hops += 1) {
    const target = lookup(root, schema.$ref);
    if (target === undefined) return schema;
    const { $ref, ...siblings } = schema;
    if (Object.keys(siblings).length === 0) schema = target;
    else if (target === true || isObject(target)) schema = { ...(isObject(target) ? target : {}), ...siblings };
    else return schema;
  }
  return schema;
}

/** The JSON types a schema names (`type`, or what its keywords imply). */
function typesOf(schema) {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type) => typeof type === "string");
  if (isObject(schema.properties)) return ["object"];
  if (schema.items !== undefined) return ["array"];
  return [];
}

/** Which control shows a value of `schema` (after deref). */
function kindOf(schema, depth) {
  if (depth > MAX_DEPTH || !isObject(schema)) return "json";
  if (typeof schema.$ref === "string") return "json"; // not local: nothing to read
  if (FORMLESS.some((key) => own(schema, key))) return "json";
  if (own(schema, "const")) return "const";
  if (Array.isArray(schema.enum)) return "enum";
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return "choice";
  const types = typesOf(schema);
  if (types.length > 1) return "choice";
  switch (types[0]) {
    case "object":
      return isObject(schema.properties) || schema.additionalProperties === false ? "object" : "json";
    case "array":
      return schema.items === undefined || isObject(schema.items) || schema.items === true ? "array" : "json";
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    default:
      return "json";
  }
}

/** The branches `schema` writes (its `anyOf`, else its `oneOf`), or null. */
function unionOf(schema) {
  return Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
}

/** The alternatives a choice offers: each `anyOf`/`oneOf` branch, or each listed type. */
function branchesOf(root, schema) {
  const union = unionOf(schema);
  const base = Object.fromEntries(
    Object.entries(schema).filter(([key]) => key !== "anyOf" && key !== "oneOf" && !ANNOTATIONS.has(key)),
  );
  if (Array.isArray(union)) {
    return union.map((branch) => {
      const resolved = deref(root, branch);
      if (!isObject(resolved)) return resolved;
      return Object.keys(base).length === 0 ? resolved : { ...base, ...resolved };
    });
  }
  return typesOf(schema).map((type) => ({ ...schema, type }));
}

/** A short name for a branch: its title, its constant, its type and keys, or its $ref. */
function branchLabel(root, branch, original) {
  if (!isObject(branch)) return branch === false ? "nothing" : "any value";
  if (typeof branch.title === "string" && branch.title !== "") return branch.title;
  if (own(branch, "const")) return shown(branch.const);
  const types = typesOf(branch);
  if (types.length === 1 && types[0] === "object" && isObject(branch.properties)) {
    return `object {${Object.keys(branch.properties).join(", ")}}`;
  }
  if (types.length === 1 && types[0] === "array" && isObject(branch.items)) {
    return `array of ${branchLabel(root, deref(root, branch.items))}`;
  }
  if (types.length > 0) return types.join(" or ");
  if (isObject(original) && typeof original.$ref === "string") return original.$ref.split("/").pop();
  return "value";
}

/** What `schema`'s `const`, `enum` or `type` alone says of `value`: true or false when
 * they decide, undefined when the rest of the schema must. */
function literalVerdict(schema, value) {
  if (own(schema, "const")) return canonicalJson(schema.const) === canonicalJson(value);
  if (Array.isArray(schema.enum)) return schema.enum.some((item) => canonicalJson(item) === canonicalJson(value));
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((type) => isType(type, value))) return false;
  return undefined;
}

/** Whether `value` has the shape of `schema` closely enough to show it in that branch. */
function fits(root, schema, value) {
  schema = deref(root, schema);
  if (!isObject(schema)) return schema !== false;
  const verdict = literalVerdict(schema, value);
  if (verdict !== undefined) return verdict;
  if (isObject(value) && isObject(schema.properties)) {
    const keys = Object.keys(value);
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (!required.every((key) => own(value, key))) return false;
    if (schema.additionalProperties === false && !keys.every((key) => own(schema.properties, key))) return false;
  }
  return true;
}

function isType(type, value) {
  switch (type) {
    case "null": return value === null;
    case "boolean": return typeof value === "boolean";
    case "string": return typeof value === "string";
    case "number": return typeof value === "number";
    case "integer": return typeof value === "number" && Number.isInteger(value);
    case "array": return Array.isArray(value);
    case "object": return isObject(value);
    default: return false;
  }
}

/** What a control expects, in words: type and bounds ("integer, ≥ 1, ≤ 50"). */
function expectation(schema, kind) {
  const parts = [];
  const types = typesOf(schema);
  if (types.length > 0) parts.push(types.join(" or "));
  if (kind === "number") {
    const bounds = [["minimum", "≥"], ["exclusiveMinimum", ">"], ["maximum", "≤"],
      ["exclusiveMaximum", "<"], ["multipleOf", "multiple of"]];
    for (const [key, words] of bounds) if (typeof schema[key] === "number") parts.push(`${words} ${schema[key]}`);
  } else if (kind === "string" || kind === "json") {
    parts.push(range(schema, "minLength", "maxLength", "characters"));
    if (typeof schema.pattern === "string") parts.push(`pattern ${schema.pattern}`);
    if (typeof schema.format === "string") parts.push(`format ${schema.format}`);
  } else if (kind === "array") {
    parts.push(range(schema, "minItems", "maxItems", "items"));
    if (schema.uniqueItems === true) parts.push("unique");
  }
  if (own(schema, "default")) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.filter(Boolean).join(", ");
}

/** "1 to 5 items", "at least 1 characters", or "" when neither bound is set. */
function range(schema, low, high, noun) {
  const min = typeof schema[low] === "number" ? schema[low] : null;
  const max = typeof schema[high] === "number" ? schema[high] : null;
  if (min !== null && max !== null) return `${min} to ${max} ${noun}`;
  if (min !== null) return `at least ${min} ${noun}`;
  return max === null ? "" : `at most ${max} ${noun}`;
}

// ---- calls.js: the call each provider sends for these arguments.
//
// A list's `call` (emit/lists.py `Call`) says where the name and the arguments sit and
// whether the arguments travel as JSON text. When a provider receives a schema other
// than the contract's (OpenAI strict mode), its model's arguments follow that schema:
// `sent` walks it along the arguments, and a property it requires that the arguments
// leave out is sent as null (strict mode requires every property, and makes the ones
// the contract leaves optional nullable). The inverse data (profiles/inverse.py) then
// undoes it: the page checks that `undo` gives the arguments back.

/** `value` as a model sends it under the provider's schema `root`. */
function sent(root, schema, value) {
  schema = deref(root, schema);
  if (!isObject(schema)) return value;
  if (isObject(value) && isObject(schema.properties)) {
    const properties = schema.properties;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const result = {};
    for (const key of Object.keys(properties)) {
      if (own(value, key)) define(result, key, sent(root, properties[key], value[key]));
      else if (required.includes(key) && nullable(root, properties[key])) define(result, key, null);
    }
    for (const key of Object.keys(value)) if (!own(properties, key)) define(result, key, value[key]);
    value = result;
  } else if (Array.isArray(value) && (isObject(schema.items) || schema.items === true)) {
    value = value.map((item) => sent(root, schema.items, item));
  }
  const union = unionOf(schema);
  if (union !== null && value !== null) {
    const branch = union.find((candidate) => accepts(root, candidate, value));
    if (branch !== undefined) value = sent(root, branch, value);
  }
  return value;
}

/** Whether a branch of the provider's schema can carry `value` once its nulls are added. */
function accepts(root, schema, value) {
  schema = deref(root, schema);
  if (!isObject(schema)) return schema !== false;
  const verdict = literalVerdict(schema, value);
  if (verdict !== undefined) return verdict;
  if (isObject(value) && isObject(schema.properties)) {
    const properties = schema.properties;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const keys = Object.keys(value);
    if (schema.additionalProperties === false && !keys.every((key) => own(properties, key))) return false;
    if (!keys.every((key) => !own(properties, key) || accepts(root, properties[key], value[key]))) return false;
    return required.every((key) => own(value, key) || nullable(root, properties[key]));
  }
  const union = unionOf(schema);
  return union === null || union.some((candidate) => accepts(root, candidate, value));
}

/** Whether `schema` lets null through (its type, enum, const or a branch says so). */
function nullable(root, schema, depth = 0) {
  schema = deref(root, schema);
  if (!isObject(schema)) return schema === true;
  if (own(schema, "const")) return schema.const === null;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  const union = unionOf(schema);
  if (union !== null && depth < 32) return union.some((branch) => nullable(root, branch, depth + 1));
  const types = typesOf(schema);
  return types.length === 0 || types.includes("null");
}

/** The JSON object a provider sends for a call of `name` with `args` (see `Call`). */
function callOf(call, name, args) {
  const message = {};
  const put = (path, value) => {
    let node = message;
    for (const key of path.slice(0, -1)) {
      if (!own(node, key)) define(node, key, {});
      node = node[key];
    }
    define(node, path[path.length - 1], value);
  };
  for (const [path, value] of call.constants) put(path, value);
  put(call.name, name);
  put(call.arguments, call.encoded ? JSON.stringify(args) : args);
  return message;
}

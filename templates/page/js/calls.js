// ---- calls.js: the call each provider sends for these arguments.
//
// A list's `call` (emit/lists.py `Call`) says where the name and the arguments sit and
// whether the arguments travel as JSON text. When a provider's copy of the schema was
// transformed (OpenAI strict mode), the arguments are what that provider sends: the
// forward direction of the inverse parseArguments undoes (profiles/inverse.py): every
// key an inverse node `drop`s is sent as null when the arguments leave it out.

/** `value` as the provider sends it, given the inverse that undoes its transform. */
function forward(nodes, value, root) {
  return forwardNode(nodes, 0, value, root, root);
}

function forwardNode(nodes, index, value, schema, root) {
  const node = nodes[index];
  const plain = schema === undefined ? undefined : deref(root, schema);
  const properties = isObject(plain) && isObject(plain.properties) ? plain.properties : null;
  if (isObject(value) && (node.drop !== undefined || node.properties !== undefined)) {
    const children = node.properties ?? {};
    const added = (node.drop ?? []).filter((key) => !own(value, key));
    const keys = [...Object.keys(value), ...added];
    if (properties !== null) {
      const order = Object.keys(properties);
      const rank = (key) => (order.includes(key) ? order.indexOf(key) : order.length);
      keys.sort((one, two) => rank(one) - rank(two));
    }
    const result = {};
    for (const key of keys) {
      const item = own(value, key) ? value[key] : null;
      const sub = properties !== null && own(properties, key) ? properties[key] : undefined;
      define(result, key, own(children, key) && item !== null ? forwardNode(nodes, children[key], item, sub, root) : item);
    }
    value = result;
  } else if (Array.isArray(value) && node.items !== undefined) {
    const items = isObject(plain) ? plain.items : undefined;
    value = value.map((item) => forwardNode(nodes, node.items, item, items, root));
  }
  return node.anyOf === undefined ? value : forwardBranch(nodes, node.anyOf, value, root);
}

// The branch whose objects, once its nulls are added, have exactly the value's keys
// (or any array branch for an array); when the candidates disagree the value stays.
function forwardBranch(nodes, branches, value, root) {
  let candidates;
  if (isObject(value)) candidates = branches.filter((branch) => reaches(nodes, branch, value));
  else if (Array.isArray(value)) candidates = branches.filter((branch) => branch.arrays === true);
  else return value;
  const chosen = new Set(candidates.map((branch) => branch.node));
  if (chosen.size !== 1) return value;
  const [index] = chosen;
  return index === undefined ? value : forwardNode(nodes, index, value, undefined, root);
}

function reaches(nodes, branch, value) {
  if (branch.objects === true) return true;
  const added = branch.node === undefined ? [] : (nodes[branch.node].drop ?? []);
  const keys = Object.keys(value);
  return (branch.objects ?? []).some(
    (set) => keys.every((key) => set.includes(key)) && set.every((key) => keys.includes(key) || added.includes(key)),
  );
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

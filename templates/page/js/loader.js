// ---- loader.js: the package's modules, run as ES modules from blob: URLs (a page opened
// from file:// may import nothing else). A module imports another by a specifier the
// data's `links` names; the loader points that specifier at the other module's URL.
// Zod runs jitless: it never compiles code with `new Function` (the page's CSP forbids
// eval), so nothing a contract says becomes code.

/** `load(name)`: the module's exports, loaded once, its linked modules first. */
function moduleLoader(data) {
  const urls = {};
  const pending = {};
  const load = (name) => {
    pending[name] ??= (async () => {
      let source = data.modules[name];
      for (const [specifier, target] of Object.entries(data.links[name] ?? {})) {
        await load(target);
        // A generated module starts with its imports: the first quoted occurrence of
        // the specifier is its import statement.
        source = source.replace(JSON.stringify(specifier), () => JSON.stringify(urls[target]));
      }
      urls[name] = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      const module = await import(urls[name]);
      if (name === "zod") module.z.config({ jitless: true });
      return module;
    })();
    return pending[name];
  };
  return load;
}

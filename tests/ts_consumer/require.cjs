// A CommonJS consumer: import() works on every Node version; require() of an ES module
// works without a flag from Node 20.19 and 22.12 on, and fails with ERR_REQUIRE_ESM before.
let required;
try {
  required = typeof require("toolcanon-tools").decide;
} catch (error) {
  required = error.code;
}
import("toolcanon-tools").then((loaded) => {
  console.log(JSON.stringify({ node: process.versions.node, required, imported: typeof loaded.decide }));
});

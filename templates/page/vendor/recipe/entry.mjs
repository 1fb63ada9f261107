// The one export the generated validators import: `import { z } from "zod"`.
export { z } from "zod";

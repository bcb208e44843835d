import { webProject } from './vitest.shared';

/** The web tests that replace no module, sharing one module graph per worker (vitest.shared.ts). */
export default webProject({ isolated: false });

import { webProject } from './vitest.shared';

/** The web tests that replace a module (`vi.mock`), each file isolated (vitest.shared.ts). */
export default webProject({ isolated: true });

import { implement } from '../../lib/functions';
import type { DmcaService } from './dmca.service';

export const dmcaFunctions = (dmca: DmcaService) =>
  implement({
    'dmca-submit': (input) => dmca.submit(input),
    'mod-dmca-list': (input) => dmca.list(input),
    'mod-dmca-get': (input) => dmca.get(input.id),
    'mod-dmca-act': (input, { user }) => dmca.act(user.id, input),
  });

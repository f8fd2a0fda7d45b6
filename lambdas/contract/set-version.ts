/**
 * The version of a set an editor replaces whole (the compliance requirement templates, the payment plan settings):
 * GET answers it and PUT names the one its editor read, so a save of the set as it was before someone else's save is
 * refused (409) instead of undoing theirs unseen.
 */
import * as z from './zod.js';

export const setVersion = () =>
  z.number({ error: 'must be the version the set was read at' }).check(z.int('must be the version the set was read at'), z.minimum(0, 'must be the version the set was read at'));

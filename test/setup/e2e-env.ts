// Browser tests that check what was stored read the table through the entity modules, which name the
// table at import time as a handler does; the local stack's table is the one to read.
import { LOCAL_TABLE } from '../../lib/local/endpoints.js';

process.env.TABLE_NAME ??= LOCAL_TABLE;

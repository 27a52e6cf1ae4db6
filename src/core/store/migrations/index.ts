import { migration001 } from './001-observation';
import { migration002 } from './002-memory';
import { migration003 } from './003-sessions';
import { migration004 } from './004-context-outputs';
import { migration005 } from './005-screen-text';
import { migration006 } from './006-privacy';
import { migration007 } from './007-recall-evidence';
import { migration008 } from './008-observation-coverage';
import { migration009 } from './009-turn-interruption';
import { migration010 } from './010-capture-monitors';
import { migration011 } from './011-llm-path';
import { migration012 } from './012-device-sync';
import { migration013 } from './013-sync-trust';
import { migration014 } from './014-work-items';
import { migration015 } from './015-honest-desktop-gaps';
import { migration017 } from './017-user-titles';
import { migration018 } from './018-sighting-spans';
import { migration019 } from './019-sighting-day-versions';
import type { Migration } from './types';

/** Every migration in order. Add a new file per schema version; never edit a shipped one. */
export const migrations: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration017,
  migration018,
  migration019,
];

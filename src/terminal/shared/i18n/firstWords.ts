import type { Messages } from '@lingui/core';
import { messages } from '../../locales/en/messages';
import type { ChunkWords } from './chunkWords';

/**
 * The English words the first screen shows. Here every English word, and no parts (the tests and
 * the dev server hold every catalogue whole); a build keeps only the words of the modules in the
 * first load, lists their ids as the first chunk's words, and cuts each catalogue into parts
 * that come when the code needing them has loaded (loadAllWords in i18n.ts).
 */
export const firstWords: Messages = messages;
export const firstChunk: ChunkWords | undefined = undefined;

import type { Messages } from '@lingui/core';
import { messages } from '../../locales/en/messages';

/**
 * The English words the first screen shows. Here every English word; a build keeps only the words
 * of the modules in the first load (vite.config.ts, firstWords), and the rest arrive with the
 * first lazy chunk (loadAllWords in i18n.ts).
 */
export const firstWords: Messages = messages;

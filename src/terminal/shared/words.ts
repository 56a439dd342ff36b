import { i18n, type MessageDescriptor } from '@lingui/core';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/**
 * Words one module hands another to show: a message descriptor (`msg` from @lingui/core/macro),
 * said in the language active when it is shown, or a plain string shown as it is (a name the
 * trader gave, words of the service or the config).
 */
export type Words = MessageDescriptor | string;

/** The words in the active language; a plain string as it is. */
export const say = (words: Words): string => (typeof words === 'string' ? words : i18n._(words));

import type { StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** What turns emotion's styles right-to-left; a module of its own so an English page never downloads it. */
export const rtlPlugins = [prefixer, rtlPlugin] as StylisPlugin[];

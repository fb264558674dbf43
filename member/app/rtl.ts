import type { StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * What turns emotion's styles right-to-left; a module of its own so an English page never downloads it.
 * One array for the process: emotion keeps its compiled rules per plugin array (a new array at each
 * render would compile every rule again).
 */
export const rtlPlugins = [prefixer, rtlPlugin] as StylisPlugin[];

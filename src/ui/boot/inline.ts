// The inline starter's entry: the build bundles this file, with what it imports, into the one
// inline script of index.html, with its own figures in place of FENCELAB_STARTER (vite.config.ts).
// Nothing imports it: run as a module, it would start the page a second time.

import { startPage, type StarterConfig } from './starter';

declare const FENCELAB_STARTER: StarterConfig;

startPage(FENCELAB_STARTER);

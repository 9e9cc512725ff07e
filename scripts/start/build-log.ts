/** Where `pnpm start` writes the build's output, relative to the workspace root (the README names it). */
export const BUILD_LOG = 'node_modules/.cache/siteseer/build.log';

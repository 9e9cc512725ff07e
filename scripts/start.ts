// `pnpm start`: starts what exists of Siteseer. The API server (issue 3) will be started from here.
console.log(
  'Siteseer: the shared core is built; the API server, portal and widget are not yet part of this build.',
);
console.log('Run the tests with: npx -y pnpm@10 check');

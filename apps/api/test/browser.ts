// The API's suites import their helpers from here; they live in @siteseer/test-support, shared with
// the other apps' suites and the bench.
export * from '@siteseer/test-support';

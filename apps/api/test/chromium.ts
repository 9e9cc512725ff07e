// The one Chromium launcher of every suite lives in @siteseer/test-support; the API's suites import it here.
export * from '@siteseer/test-support/chromium';

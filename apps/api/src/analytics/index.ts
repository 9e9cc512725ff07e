export { analyticsTargetOfClient, analyticsTargetOfEngine } from './access.ts';
export {
  FONT_PATH,
  FONT_WEIGHTS,
  type FrameLook,
  fontFile,
  frameCsv,
  frameErrorPage,
  frameTitle,
  HEADLINE_TITLE,
  renderFrame,
  renderHeadline,
} from './frame/index.ts';
export { FramePeriodError, framePeriod } from './frame-period.ts';
export {
  endedFrameSessionCookie,
  FRAME_SESSION_SECONDS,
  frameSessionCookie,
  loadFrameKey,
  signFrameSession,
} from './frame-session.ts';
export { framePrincipal, frameViewer } from './frame-viewer.ts';
export { AnalyticsReader, analyticsReport } from './reports.ts';
export { retentionCutoff, startAnalyticsRetention } from './retention.ts';

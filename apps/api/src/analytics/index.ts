export { deleteExpiredAnalytics } from '../repositories/analytics-retention.ts';
export type { AnalyticsTarget } from '../repositories/analytics-targets.ts';
export { analyticsTargetOfClient, analyticsTargetOfEngine, type FrameAbilities } from './access.ts';
export { CSV_ROWS, frameCsv, frameErrorPage, frameTitle, renderFrame } from './frame/index.ts';
export { FramePeriodError, framePeriod } from './frame-period.ts';
export {
  endedFrameSessionCookie,
  FRAME_COOKIE,
  FRAME_COOKIE_PATH,
  FRAME_SESSION_SECONDS,
  frameSessionCookie,
  loadFrameKey,
  signFrameSession,
} from './frame-session.ts';
export { frameViewer } from './frame-viewer.ts';
export { AnalyticsReader, analyticsReport, filterLabels } from './reports.ts';
export { RETENTION_EVERY_MS, retentionCutoff, startAnalyticsRetention } from './retention.ts';

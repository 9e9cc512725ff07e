export { queueCrawlAlerts } from './alert-queue.ts';
export {
  readAlertDeliveries,
  readAlertSettings,
  sendTestAlert,
  writeAlertSettings,
} from './alert-settings.ts';
export { type EngineAlerts, engineAlerts } from './engine-alerts.ts';

/** Updates: when to check, download and install (plain Node; the shell adapts electron-updater). */
export { inQuietWindow, isQuietWindow, nextQuietStart, parseQuietWindow, QuietWindowError, type QuietWindow } from './quiet-window.js';
export {
  CHECK_EVERY_MS,
  CHECK_STALL_MS,
  QUIET_RETRY_MS,
  RESTART_RETRY_MS,
  UpdatePolicy,
  createUpdatePolicy,
  type BusyCheck,
  type InstallReason,
  type RestartAnswer,
  type UpdateErrorCode,
  type UpdatePolicyOptions,
  type UpdateStatus,
  type UpdaterPort,
} from './update-policy.js';
export { updaterChannelOptions, type UpdateChannel, type UpdaterChannelOptions } from './update-channel.js';
export {
  RESTART_MARKER_FILE,
  RESTART_MARKER_FRESH_MS,
  removeRestartMarker,
  startsHiddenAfterUpdate,
  takeHiddenRestart,
  takeRestartMarker,
  writeRestartMarker,
  type RestartMarker,
} from './restart-marker.js';
export { paymentsInProgress } from './busy-checks.js';
export { updateTrayLook, type UpdateTrayLook } from './update-tray-look.js';

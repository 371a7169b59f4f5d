import type { Feature } from '../../base/feature.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { reportRoutes } from './pos-api.js';
import { createReportCommands, type ReportCommandDeps } from './report-commands.js';

/** The payment history and the day report, for the cashier and through the POS API. */
export const reportsFeature = {
  name: 'reports',
  commands: createReportCommands,
  routes: reportRoutes,
} satisfies Feature<ReportCommandDeps, PosApiStore>;

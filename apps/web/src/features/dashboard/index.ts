/** The staff messages dashboard: tabs, tables, deletes and the inactivity logout. */
export { MessagesDashboard, type DashboardUser } from './components/messages-dashboard';
export { DigestSetting } from './components/digest-setting';

/** The reports (issue 21 item 6): response times, what became of the enquiries, and the funnel, a week at a time. */
export { Reports } from './components/reports';

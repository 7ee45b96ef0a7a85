/** The Content area (issue 22): staff edit, preview, publish, schedule and roll back the site's content. */
export { ContentArea } from './components/content-area';
export { EDITORS_ONLY, isContentEditor } from './content-access';

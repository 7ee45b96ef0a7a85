/**
 * What other modules may use of the conversations module (issue 20; the lint zones let them import this file only).
 * Each helper keeps its own lines together.
 */

// Inbound mail: a person's conversation mails for data requests and the retention purge.
export {
  attachmentFilesOf,
  conversationMailsOfPerson,
  deleteConversationMails,
  purgeUnmatchedMailsBefore,
  type PersonConversationMail,
} from './inbound-personal-data';

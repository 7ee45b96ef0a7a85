import { ASSIGNMENT_MAIL_COPY, ASSIGNMENT_MAIL_PATH } from '@agency/shared';
import { describeSwitchSetting } from '../test/switch-setting';
import { AssignmentMailSetting } from './assignment-mail-setting';

describeSwitchSetting({
  Setting: AssignmentMailSetting,
  path: ASSIGNMENT_MAIL_PATH,
  copy: ASSIGNMENT_MAIL_COPY,
  whatIsOn: 'their assignment mails are on',
});

import { DIGEST_COPY, DIGEST_PATH } from '@agency/shared';
import { describeSwitchSetting } from '../test/switch-setting';
import { DigestSetting } from './digest-setting';

describeSwitchSetting({ Setting: DigestSetting, path: DIGEST_PATH, copy: DIGEST_COPY, whatIsOn: 'their digest is on' });

import multer from 'multer';
import {
  LIMITS,
  PasswordChangeSchema,
  PROFILE_MESSAGES,
  PROFILE_PATHS,
  ProfileAnswerSchema,
  ProfileChangeSchema,
  SERVER_MESSAGES,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { jsonAnswer, outputSchemaOf, refusals } from '../../lib/json-schema';
import { declareRoute, type DeclaredRoute } from '../../lib/routes';
import { signedInUserId } from '../auth/require-staff';
import { changeAvatar, changePassword, getProfile, saveDisplayName } from './profile.service';

const ANSWER = outputSchemaOf(ProfileAnswerSchema);
const own = { access: 'staff', tags: ['Account'] } as const;

const uploadAvatar = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
}).single('profile_image');

/** The signed-in person's own profile (issue 23 item 3): name, picture and password. Nobody changes another's. */
export function profileRouteDeclarations(deps: AppDeps): DeclaredRoute[] {
  return [
    declareRoute({
      ...own,
      method: 'get',
      path: PROFILE_PATHS.PROFILE,
      operationId: 'getProfile',
      summary: "The signed-in person's display name, the name they are shown by, and their picture",
      responses: { '200': jsonAnswer('The profile', ANSWER), ...refusals(401, 403, 405, 503) },
      handle: async ({ req, res }) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ success: true, profile: await getProfile(deps, signedInUserId(req)) });
      },
    }),
    declareRoute({
      ...own,
      method: 'put',
      path: PROFILE_PATHS.PROFILE,
      operationId: 'putProfile',
      summary: 'Sets the display name shown in the welcome line, assignee lists, history, notes and replies',
      description:
        'Trimmed, inner spaces made one, 60 characters at most, no control characters; an empty name clears it, and ' +
        "the person is shown by their e-mail address's local part again. The change is in the audit log.",
      body: { schema: ProfileChangeSchema },
      responses: { '200': jsonAnswer('The profile as saved', ANSWER), ...refusals(400, 401, 403, 405, 413, 415, 503) },
      handle: async ({ req, res, body }) => {
        const profile = await saveDisplayName(deps, signedInUserId(req), body.displayName);
        const message = profile.displayName === null ? PROFILE_MESSAGES.NAME_CLEARED : PROFILE_MESSAGES.NAME_SAVED;
        res.json({ success: true, message, profile });
      },
    }),
    declareRoute({
      ...own,
      method: 'put',
      path: PROFILE_PATHS.PASSWORD,
      operationId: 'changeOwnPassword',
      summary: 'Changes the password with the current one; every other session of the account ends',
      description:
        'A wrong current password is 400 with the message at `currentPassword`, and counts against the sign-in ' +
        'limits of the account (429 with Retry-After past them). The new password follows the registration rule. ' +
        'The session that asked stays signed in.',
      body: { schema: PasswordChangeSchema },
      responses: { '200': jsonAnswer('Changed'), ...refusals(400, 401, 403, 405, 413, 415, 429, 503) },
      handle: async ({ req, res, body }) => {
        await changePassword(deps, {
          userId: signedInUserId(req),
          keptSid: req.sessionID,
          currentPassword: body.currentPassword,
          newPassword: body.newPassword,
          ip: req.ip ?? 'unknown',
        });
        res.json({ success: true, message: PROFILE_MESSAGES.PASSWORD_CHANGED });
      },
    }),
    declareRoute({
      ...own,
      method: 'put',
      path: PROFILE_PATHS.AVATAR,
      operationId: 'changeOwnAvatar',
      summary: 'Replaces the picture (multipart, one `profile_image` file: PNG, JPEG, WebP or GIF, 2 MB at most)',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { profile_image: { type: 'string', format: 'binary' } },
              required: ['profile_image'],
            },
            encoding: { profile_image: { contentType: 'image/*' } },
          },
        },
      },
      before: [
        (req, _res, next) => {
          if (!req.is('multipart/form-data')) throw new AppError(415, SERVER_MESSAGES.MULTIPART_REQUIRED);
          next();
        },
        uploadAvatar,
      ],
      responses: {
        '200': jsonAnswer('The profile with its new picture', ANSWER),
        ...refusals(400, 401, 403, 405, 413, 415, 503),
      },
      handle: async ({ req, res }) => {
        if (!req.file || req.file.size === 0) {
          throw new AppError(400, PROFILE_MESSAGES.AVATAR_REQUIRED, {
            profile_image: PROFILE_MESSAGES.AVATAR_REQUIRED,
          });
        }
        const profile = await changeAvatar(deps, signedInUserId(req), req.file.buffer);
        res.json({ success: true, message: PROFILE_MESSAGES.AVATAR_CHANGED, profile });
      },
    }),
  ];
}

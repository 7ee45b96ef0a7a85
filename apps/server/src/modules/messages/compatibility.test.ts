import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, CREATIVE_TRAINING_TYPE, DEFAULT_AVATAR, ENQUIRY_KINDS } from '@agency/shared';
import { loadConfig } from '../../config/config';
import { VALID_SUBMISSIONS } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/test-context';

let context: TestContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const FRONT_END = 'https://front.example.ng';

describe('compatibility with other clients', () => {
  it.each([
    ['missing', undefined],
    ['empty, as the original front end sends it', ''],
    ['null', null],
    ["the course's name", CREATIVE_TRAINING_TYPE],
  ])('the creative registration accepts trainingType %s and stores the course', async (_case, trainingType) => {
    context = await createTestContext();
    const { trainingType: _given, ...fields } = VALID_SUBMISSIONS.creative_design;
    const body = trainingType === undefined ? fields : { ...fields, trainingType };
    const response = await request(context.app).post(ENQUIRY_KINDS.creative_design.paths.submit).send(body);
    expect(response.status).toBe(201);
    const rows = await context.db
      .selectFrom('enquiries')
      .where('kind', '=', 'creative_design')
      .select('surname')
      .execute();
    expect(rows).toEqual([{ surname: VALID_SUBMISSIONS.creative_design.surname }]);
  });

  it('the creative registration still refuses another course', async () => {
    context = await createTestContext();
    const response = await request(context.app)
      .post(ENQUIRY_KINDS.creative_design.paths.submit)
      .send({ ...VALID_SUBMISSIONS.creative_design, trainingType: 'Web Design' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveProperty('trainingType');
  });

  it("profile images are also served at the spec's /uploads/profile_images/{file}", async () => {
    context = await createTestContext();
    const avatar = await request(context.app).get(`${API_PATHS.SPEC_PROFILE_IMAGES}/${DEFAULT_AVATAR}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    const missing = await request(context.app).get(`${API_PATHS.SPEC_PROFILE_IMAGES}/${'a'.repeat(32)}.webp`);
    expect(missing.status).toBe(404);
  });
});

describe('CORS_ORIGINS', () => {
  it('answers preflights and calls from a named origin, with credentials', async () => {
    context = await createTestContext({ config: { corsOrigins: [FRONT_END] } });
    const preflight = await request(context.app)
      .options(ENQUIRY_KINDS.contact.paths.submit)
      .set('Origin', FRONT_END)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,idempotency-key');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/i);

    const sent = await request(context.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .set('Origin', FRONT_END)
      .set('Sec-Fetch-Site', 'cross-site')
      .send(VALID_SUBMISSIONS.contact);
    expect(sent.status).toBe(201);
    expect(sent.headers['access-control-allow-origin']).toBe(FRONT_END);
  });

  it('still refuses every other origin', async () => {
    context = await createTestContext({ config: { corsOrigins: [FRONT_END] } });
    const preflight = await request(context.app)
      .options(ENQUIRY_KINDS.contact.paths.submit)
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const sent = await request(context.app)
      .post(ENQUIRY_KINDS.contact.paths.submit)
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(VALID_SUBMISSIONS.contact);
    expect(sent.status).toBe(403);
    expect(await context.db.selectFrom('enquiries').where('kind', '=', 'contact').selectAll().execute()).toEqual([]);
  });

  it('unset, gives no CORS headers to anyone', async () => {
    context = await createTestContext();
    const preflight = await request(context.app)
      .options(ENQUIRY_KINDS.contact.paths.submit)
      .set('Origin', FRONT_END)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is read as a list of origins, and anything else is named at start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-config-'));
    expect(loadConfig({ CORS_ORIGINS: `${FRONT_END}, http://localhost:5173` }, dataDir).corsOrigins).toEqual([
      FRONT_END,
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'front.example.ng' }, dataDir)).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: `${FRONT_END}/path` }, dataDir)).toThrow(/CORS_ORIGINS/);
  });
});

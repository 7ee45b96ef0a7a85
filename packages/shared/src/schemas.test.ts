import { describe, expect, it } from 'vitest';
import {
  ContactMessageSchema,
  CreativeTrainingRegistrationSchema,
  decimalCount,
  decimalId,
  fieldErrorsOf,
  FIELD_MESSAGES,
  isStrongPassword,
  LIMITS,
  LoginSchema,
  NIGERIAN_STATES,
  OCCUPATIONS,
  QUOTE_SERVICES,
  QuoteRequestSchema,
  REFERRALS,
  RegisterSchema,
  ResetRequestSchema,
  SCHEDULES,
  SPEC_MESSAGES,
  UpdatePasswordSchema,
  utf8ByteLength,
  WEB_TRAINING_TYPES,
  WebTrainingRegistrationSchema,
} from './index';
import type { z } from 'zod';

/** The field errors a schema reports for an input, or {} when it passes. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

const validWebTraining = {
  surname: 'Adeyemi',
  firstname: 'Tolu',
  email: 'tolu@example.com',
  phone: '08012345678',
  trainingType: 'Web Design & Development',
  schedule: 'Weekday',
  occupation: 'Student',
  state: 'Lagos',
  referral: 'Google Search',
};

const validContact = {
  name: 'Chioma Okafor',
  email: 'chioma@example.com',
  phone: '+234 801 234 5678',
  message: 'We need a new website for our bakery in Ikeja.',
};

const validQuote = {
  name: 'Bayo Ventures',
  email: 'hello@bayo.ng',
  phone: '08098765432',
  location: 'Ogun',
  projectDescription: 'An online shop for our fabrics, with Paystack payments.',
  services: ['Web development', 'SEO'],
};

describe('the option lists of the spec', () => {
  it('lists the 36 states from Abia to Zamfara and the Federal Capital Territory in its alphabetical place', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(NIGERIAN_STATES[0]).toBe('Abia');
    expect(NIGERIAN_STATES.at(-1)).toBe('Zamfara');
    expect(NIGERIAN_STATES.filter((state) => /Abuja|FCT|Federal/.test(state))).toEqual(['Abuja (FCT)']);
    expect([...NIGERIAN_STATES].sort((a, b) => a.localeCompare(b))).toEqual([...NIGERIAN_STATES]);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
  });

  it('spells the training, occupation, referral and service options as the product does', () => {
    expect(WEB_TRAINING_TYPES).toEqual(['Web Design & Development', 'Web Design', 'Web Development']);
    expect(SCHEDULES).toEqual(['Weekday', 'Weekend']);
    expect(OCCUPATIONS).toEqual(['ITProfessional', 'Developer', 'Freelance', 'Worker', 'Applicant', 'Student']);
    expect(REFERRALS).toEqual([
      'Social Media',
      'Friend/Family',
      'Google Search',
      'NairaLand',
      'LinkeIn',
      'Website',
      'Advertisement',
      'Others',
    ]);
    expect(QUOTE_SERVICES).toEqual([
      'Web development',
      'Mobile app development',
      'Website redesign',
      'Digital marketing',
      'Creative graphic design',
      'SEO',
    ]);
  });
});

describe('the web training registration', () => {
  it('accepts a complete registration', () => {
    expect(WebTrainingRegistrationSchema.parse(validWebTraining)).toEqual(validWebTraining);
  });

  it.each(['surname', 'firstname', 'email', 'phone', 'occupation', 'state', 'referral'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...validWebTraining };
    delete input[field];
    expect(errorsOf(WebTrainingRegistrationSchema, input)[field]).toBe(FIELD_MESSAGES.REQUIRED);
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, [field]: '' })[field]).toBe(
      FIELD_MESSAGES.REQUIRED,
    );
  });

  it('does not require the training type or the schedule, and stores them as null when not chosen', () => {
    const { trainingType: _type, schedule: _schedule, ...rest } = validWebTraining;
    expect(WebTrainingRegistrationSchema.parse(rest)).toMatchObject({ trainingType: null, schedule: null });
    expect(WebTrainingRegistrationSchema.parse({ ...rest, trainingType: '', schedule: '' })).toMatchObject({
      trainingType: null,
      schedule: null,
    });
  });

  it.each(['0801234567', '080123456789', '0801234567a', '+234801234567', '0801 234 56789', '12345678901234567890123'])(
    'refuses the phone %j, which is not exactly 11 digits once normalised',
    (phone) => {
      expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, phone }).phone).toBe(
        FIELD_MESSAGES.TRAINING_PHONE,
      );
    },
  );

  it.each(['0803 555 1234', '+234 803 555 1234', '(0803) 555-1234', '234.803.555.1234', '+234 (0)803 555 1234'])(
    'accepts the phone %j and keeps it as 08035551234',
    (phone) => {
      expect(WebTrainingRegistrationSchema.parse({ ...validWebTraining, phone }).phone).toBe('08035551234');
      expect(CreativeTrainingRegistrationSchema.parse({ ...validWebTraining, trainingType: '', phone }).phone).toBe(
        '08035551234',
      );
      expect(ContactMessageSchema.parse({ ...validContact, phone }).phone).toBe('08035551234');
      expect(QuoteRequestSchema.parse({ ...validQuote, phone }).phone).toBe('08035551234');
    },
  );

  it('accepts an 11-digit phone with surrounding spaces and trims it', () => {
    expect(WebTrainingRegistrationSchema.parse({ ...validWebTraining, phone: ' 08012345678 ' }).phone).toBe(
      '08012345678',
    );
  });

  it.each(['tolu', 'tolu@', '@example.com', 'tolu@example', 'tolu example@example.com'])(
    'refuses the e-mail %j',
    (email) => {
      expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, email }).email).toBe(
        FIELD_MESSAGES.EMAIL_INVALID,
      );
    },
  );

  it.each([
    ['trainingType', 'Graphic Design'],
    ['schedule', 'Sunday'],
    ['occupation', 'Astronaut'],
    ['state', 'FCT'],
    ['referral', 'LinkedIn'],
  ])('refuses %s %j, which is not one of the listed options', (field, value) => {
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, [field]: value })[field]).toBe(
      FIELD_MESSAGES.CHOOSE_OPTION,
    );
  });

  it('refuses names longer than 100 characters', () => {
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, surname: 'a'.repeat(100) })).toEqual({});
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, firstname: 'a'.repeat(101) }).firstname).toBe(
      FIELD_MESSAGES.TOO_LONG(LIMITS.NAME_MAX),
    );
  });

  it('refuses an e-mail longer than 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(email).toHaveLength(255);
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, email }).email).toBe(
      FIELD_MESSAGES.TOO_LONG(LIMITS.EMAIL_MAX),
    );
  });

  it('rejects unknown keys', () => {
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, isAdmin: true })).toEqual({
      isAdmin: 'This field is not expected.',
    });
  });

  it('refuses a value of the wrong type', () => {
    expect(errorsOf(WebTrainingRegistrationSchema, { ...validWebTraining, phone: 8012345678 }).phone).toBeDefined();
  });
});

describe('the creative training registration', () => {
  const { trainingType: _webType, ...sharedFields } = validWebTraining;

  it('fixes the training type to Creative Graphic Design whether or not it is sent', () => {
    expect(CreativeTrainingRegistrationSchema.parse(sharedFields).trainingType).toBe('Creative Graphic Design');
    expect(
      CreativeTrainingRegistrationSchema.parse({ ...sharedFields, trainingType: 'Creative Graphic Design' })
        .trainingType,
    ).toBe('Creative Graphic Design');
  });

  it('refuses another training type', () => {
    expect(
      errorsOf(CreativeTrainingRegistrationSchema, { ...sharedFields, trainingType: 'Web Design' }).trainingType,
    ).toBe(FIELD_MESSAGES.CHOOSE_OPTION);
  });

  it('uses the same 11-digit phone rule', () => {
    expect(errorsOf(CreativeTrainingRegistrationSchema, { ...sharedFields, phone: '0801234567' }).phone).toBe(
      FIELD_MESSAGES.TRAINING_PHONE,
    );
  });
});

describe('the contact message', () => {
  it('accepts a complete message, trims its text and normalises its phone', () => {
    expect(ContactMessageSchema.parse({ ...validContact, name: '  Chioma Okafor ' })).toEqual({
      ...validContact,
      phone: '08012345678',
    });
  });

  it.each(['name', 'email', 'phone', 'message'])('requires %s', (field) => {
    expect(errorsOf(ContactMessageSchema, { ...validContact, [field]: '   ' })[field]).toBe(FIELD_MESSAGES.REQUIRED);
  });

  it('takes the phone as free text without a digit pattern', () => {
    expect(errorsOf(ContactMessageSchema, { ...validContact, phone: 'call 0803 after 5pm' })).toEqual({});
    expect(ContactMessageSchema.parse({ ...validContact, phone: ' +44 20 7946 0958 ' }).phone).toBe('+442079460958');
  });

  it('refuses a phone of more than 15 digits with the phone message, however it is written', () => {
    for (const phone of ['1'.repeat(16), '1'.repeat(25), '+1 234 567 890 123 456', 'ext 1234567890123456']) {
      expect(errorsOf(ContactMessageSchema, { ...validContact, phone }).phone).toBe(FIELD_MESSAGES.PHONE_INVALID);
      expect(errorsOf(QuoteRequestSchema, { ...validQuote, phone }).phone).toBe(FIELD_MESSAGES.PHONE_INVALID);
    }
    expect(errorsOf(ContactMessageSchema, { ...validContact, phone: '1'.repeat(15) })).toEqual({});
  });

  it('refuses a message over 5,000 characters and a phone over 30', () => {
    expect(errorsOf(ContactMessageSchema, { ...validContact, message: 'a'.repeat(5_000) })).toEqual({});
    expect(errorsOf(ContactMessageSchema, { ...validContact, message: 'a'.repeat(5_001) }).message).toBe(
      FIELD_MESSAGES.TOO_LONG(LIMITS.MESSAGE_MAX),
    );
    expect(errorsOf(ContactMessageSchema, { ...validContact, phone: `call ${'x'.repeat(26)}` }).phone).toBe(
      FIELD_MESSAGES.TOO_LONG(LIMITS.PHONE_MAX),
    );
  });

  it('rejects unknown keys', () => {
    expect(errorsOf(ContactMessageSchema, { ...validContact, subject: 'Hi' })).toEqual({
      subject: 'This field is not expected.',
    });
  });
});

describe('the quote request', () => {
  it('accepts a complete request', () => {
    expect(QuoteRequestSchema.parse(validQuote)).toEqual(validQuote);
  });

  it('does not require a service and stores an empty list when none is chosen', () => {
    const { services: _services, ...withoutServices } = validQuote;
    expect(QuoteRequestSchema.parse(withoutServices).services).toEqual([]);
    expect(QuoteRequestSchema.parse({ ...validQuote, services: [] }).services).toEqual([]);
  });

  it('keeps each chosen service once', () => {
    expect(QuoteRequestSchema.parse({ ...validQuote, services: ['SEO', 'SEO', 'Website redesign'] }).services).toEqual([
      'SEO',
      'Website redesign',
    ]);
  });

  it('refuses a service that is not offered and a services value that is not a list', () => {
    expect(errorsOf(QuoteRequestSchema, { ...validQuote, services: ['Hosting'] }).services).toBe(
      FIELD_MESSAGES.CHOOSE_OPTION,
    );
    expect(errorsOf(QuoteRequestSchema, { ...validQuote, services: 'SEO' }).services).toBe(
      FIELD_MESSAGES.CHOOSE_OPTION,
    );
  });

  it.each(['name', 'email', 'phone', 'location', 'projectDescription'])('requires %s', (field) => {
    expect(errorsOf(QuoteRequestSchema, { ...validQuote, [field]: '' })[field]).toBe(FIELD_MESSAGES.REQUIRED);
  });

  it('takes the location from the 36 states and the Federal Capital Territory only', () => {
    expect(errorsOf(QuoteRequestSchema, { ...validQuote, location: 'Abuja' }).location).toBe(
      FIELD_MESSAGES.CHOOSE_OPTION,
    );
    for (const state of NIGERIAN_STATES) {
      expect(errorsOf(QuoteRequestSchema, { ...validQuote, location: state })).toEqual({});
    }
  });

  it('refuses a project description over 5,000 characters', () => {
    expect(errorsOf(QuoteRequestSchema, { ...validQuote, projectDescription: 'a'.repeat(5_001) })).toEqual({
      projectDescription: FIELD_MESSAGES.TOO_LONG(LIMITS.PROJECT_DESCRIPTION_MAX),
    });
  });

  it('rejects unknown keys, including the form field names of the spec that are not API fields', () => {
    expect(errorsOf(QuoteRequestSchema, { ...validQuote, state: 'Lagos' })).toEqual({
      state: 'This field is not expected.',
    });
  });
});

describe('the password rule', () => {
  it.each(['Abcdef1!', 'Lagos#2026', 'Ọmọ-Naija9x'])('accepts %j', (password) => {
    expect(isStrongPassword(password)).toBe(true);
  });

  it.each([
    ['too short', 'Abc1!xy'],
    ['no lowercase letter', 'ABCDEF1!'],
    ['no uppercase letter', 'abcdef1!'],
    ['no digit', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
  ])('refuses a password with %s', (_reason, password) => {
    expect(isStrongPassword(password)).toBe(false);
    expect(errorsOf(RegisterSchema, { email: 'staff@example.com', password }).password).toBe(
      SPEC_MESSAGES.PASSWORD_RULE,
    );
  });

  it('counts bytes, not characters, for the 72-byte limit', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('₦')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
  });

  it('accepts a password of exactly 72 bytes and refuses 73 rather than truncating it', () => {
    const seventyTwo = `Aa1!${'x'.repeat(68)}`;
    expect(utf8ByteLength(seventyTwo)).toBe(72);
    expect(errorsOf(RegisterSchema, { email: 'staff@example.com', password: seventyTwo })).toEqual({});
    expect(errorsOf(RegisterSchema, { email: 'staff@example.com', password: `${seventyTwo}x` }).password).toBe(
      FIELD_MESSAGES.PASSWORD_TOO_LONG,
    );
  });

  it('refuses a password of 30 characters that takes more than 72 bytes in UTF-8', () => {
    const password = `Aa1!${'₦'.repeat(26)}`;
    expect(password).toHaveLength(30);
    expect(utf8ByteLength(password)).toBe(82);
    expect(errorsOf(UpdatePasswordSchema, { token: 'abc', password }).password).toBe(FIELD_MESSAGES.PASSWORD_TOO_LONG);
  });
});

describe('the account payloads', () => {
  it('stores the registration e-mail lower-cased', () => {
    expect(RegisterSchema.parse({ email: ' Staff@Example.COM ', password: 'Abcdef1!' }).email).toBe(
      'staff@example.com',
    );
  });

  it('does not apply the strength rule at login but requires a password', () => {
    expect(LoginSchema.parse({ email: 'staff@example.com', password: 'weak' }).password).toBe('weak');
    expect(errorsOf(LoginSchema, { email: 'staff@example.com', password: '' }).password).toBe(FIELD_MESSAGES.REQUIRED);
  });

  it('requires a valid e-mail for a reset request and nothing else', () => {
    expect(errorsOf(ResetRequestSchema, { email: 'staff@example.com' })).toEqual({});
    expect(errorsOf(ResetRequestSchema, { email: 'nope' }).email).toBe(FIELD_MESSAGES.EMAIL_INVALID);
    expect(errorsOf(ResetRequestSchema, { email: 'staff@example.com', password: 'x' })).toEqual({
      password: 'This field is not expected.',
    });
  });

  it('requires a token to update a password', () => {
    expect(errorsOf(UpdatePasswordSchema, { token: ' ', password: 'Abcdef1!' }).token).toBe(FIELD_MESSAGES.REQUIRED);
    expect(errorsOf(UpdatePasswordSchema, { password: 'Abcdef1!' }).token).toBe(FIELD_MESSAGES.REQUIRED);
  });

  it('rejects unknown keys on login and registration', () => {
    expect(errorsOf(LoginSchema, { email: 'a@b.ng', password: 'x', remember: true })).toEqual({
      remember: 'This field is not expected.',
    });
    expect(errorsOf(RegisterSchema, { email: 'a@b.ng', password: 'Abcdef1!', role: 'admin' })).toEqual({
      role: 'This field is not expected.',
    });
  });
});

describe('single-line fields', () => {
  const singleLineCases: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['the contact name', ContactMessageSchema, validContact, 'name'],
    ['the contact e-mail', ContactMessageSchema, validContact, 'email'],
    ['the contact phone', ContactMessageSchema, validContact, 'phone'],
    ['the quote name', QuoteRequestSchema, validQuote, 'name'],
    ['the quote phone', QuoteRequestSchema, validQuote, 'phone'],
    ['the training surname', WebTrainingRegistrationSchema, validWebTraining, 'surname'],
    ['the training first name', WebTrainingRegistrationSchema, validWebTraining, 'firstname'],
    ['the training e-mail', WebTrainingRegistrationSchema, validWebTraining, 'email'],
  ];
  const controls = [
    ['NUL', '\u0000'],
    ['a newline', '\n'],
    ['a tab', '\t'],
    ['an escape', '\u001b'],
    ['DEL', '\u007f'],
    ['the C1 next-line character', '\u0085'],
    ['the C1 control U+009B', '\u009b'],
    ['a line separator', '\u2028'],
  ];

  describe.each(singleLineCases)('%s', (_name, schema, valid, field) => {
    const original = String(valid[field]);
    const middle = Math.floor(original.length / 2);
    const withInside = (inserted: string) => `${original.slice(0, middle)}${inserted}${original.slice(middle)}`;

    it.each(controls)('refuses %s inside the text with the single-line message', (_label, control) => {
      expect(errorsOf(schema, { ...valid, [field]: withInside(control) })[field]).toBe(FIELD_MESSAGES.SINGLE_LINE);
    });

    it.each([
      ['a lone high surrogate', '\ud83d'],
      ['a lone low surrogate', '\ude00'],
      ['two surrogates in the wrong order', '\ude00\ud83d'],
    ])('refuses %s with the broken-character message', (_label, broken) => {
      expect(errorsOf(schema, { ...valid, [field]: withInside(broken) })[field]).toBe(FIELD_MESSAGES.BROKEN_CHARACTER);
    });
  });

  it('keeps letters from beyond the basic plane, whose surrogates come in pairs', () => {
    expect(ContactMessageSchema.parse({ ...validContact, name: 'Chioma 😀 Okafor' }).name).toBe('Chioma 😀 Okafor');
  });

  it('still trims spaces and a stray line break at either end, which are not stored', () => {
    expect(ContactMessageSchema.parse({ ...validContact, name: '\n  Chioma Okafor\t ' }).name).toBe('Chioma Okafor');
  });

  it('refuses a control character in the account e-mail of login, registration and reset', () => {
    for (const schema of [LoginSchema, RegisterSchema, ResetRequestSchema] as z.ZodType[]) {
      expect(errorsOf(schema, { email: 'staff\u0000@example.com', password: 'Abcdef1!' }).email).toBe(
        FIELD_MESSAGES.SINGLE_LINE,
      );
    }
  });
});

describe('multi-line fields', () => {
  const multiLineCases: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
    ['the contact message', ContactMessageSchema, validContact, 'message'],
    ['the project description', QuoteRequestSchema, validQuote, 'projectDescription'],
  ];

  describe.each(multiLineCases)('%s', (_name, schema, valid, field) => {
    it('keeps tabs and newlines, and stores CRLF and a lone CR as a newline', () => {
      const parsed = schema.parse({ ...valid, [field]: 'First line\r\nSecond\tline\rThird line\n\nFourth' });
      expect((parsed as Record<string, unknown>)[field]).toBe('First line\nSecond\tline\nThird line\n\nFourth');
    });

    it.each([
      ['NUL', '\u0000'],
      ['a vertical tab', '\u000b'],
      ['a form feed', '\u000c'],
      ['an escape', '\u001b'],
      ['DEL', '\u007f'],
      ['the C1 control U+0080', '\u0080'],
      ['the C1 control U+009F', '\u009f'],
    ])('refuses %s inside the text with the control-character message', (_label, control) => {
      expect(errorsOf(schema, { ...valid, [field]: `Hello${control}there` })[field]).toBe(
        FIELD_MESSAGES.CONTROL_CHARACTERS,
      );
    });

    it('refuses a lone surrogate with the broken-character message', () => {
      expect(errorsOf(schema, { ...valid, [field]: 'Hello \ud83d there' })[field]).toBe(
        FIELD_MESSAGES.BROKEN_CHARACTER,
      );
    });

    it('counts a CRLF as one character towards the limit', () => {
      const max = field === 'message' ? LIMITS.MESSAGE_MAX : LIMITS.PROJECT_DESCRIPTION_MAX;
      const text = `${'a'.repeat(max - 2)}\r\nb`;
      expect(text).toHaveLength(max + 1);
      expect(errorsOf(schema, { ...valid, [field]: text })).toEqual({});
    });
  });
});

describe('decimal ids and counts', () => {
  it.each([
    ['1', 1],
    ['16', 16],
    ['016', 16],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
  ])('reads the id %j as %d', (text, value) => {
    expect(decimalId.parse(text)).toBe(value);
  });

  it.each(['0x10', '1e1', '0b1', '0o20', ' 16', '16 ', '16.0', '-1', '+1', '', '١٦', 'Infinity', 'NaN', '1_000'])(
    'refuses the id %j, which is not written with the digits 0-9 only',
    (text) => {
      const result = decimalId.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FIELD_MESSAGES.DECIMAL_NUMBER);
    },
  );

  it.each(['0', String(Number.MAX_SAFE_INTEGER + 1), '9'.repeat(400)])('refuses the id %j, out of range', (text) => {
    expect(decimalId.safeParse(text).error?.issues[0]?.message).toBe(
      FIELD_MESSAGES.NUMBER_RANGE(1, Number.MAX_SAFE_INTEGER),
    );
  });

  it('refuses a repeated parameter (a list) and says when the id is missing', () => {
    expect(decimalId.safeParse(['1', '2']).error?.issues[0]?.message).toBe(FIELD_MESSAGES.DECIMAL_NUMBER);
    expect(decimalId.safeParse(undefined).error?.issues[0]?.message).toBe(FIELD_MESSAGES.REQUIRED);
  });

  it('holds a count to its range', () => {
    const limit = decimalCount({ min: 1, max: 1000 });
    expect(limit.parse('1000')).toBe(1000);
    expect(limit.safeParse('1001').error?.issues[0]?.message).toBe(FIELD_MESSAGES.NUMBER_RANGE(1, 1000));
    expect(decimalCount({ min: 0, max: 10 }).parse('0')).toBe(0);
  });
});

describe('the login password', () => {
  it('is refused beyond 72 UTF-8 bytes rather than truncated, as bcrypt would', () => {
    const seventyTwo = 'x'.repeat(72);
    expect(errorsOf(LoginSchema, { email: 'staff@example.com', password: seventyTwo })).toEqual({});
    expect(errorsOf(LoginSchema, { email: 'staff@example.com', password: `${seventyTwo}x` }).password).toBe(
      FIELD_MESSAGES.PASSWORD_TOO_LONG,
    );
    expect(errorsOf(LoginSchema, { email: 'staff@example.com', password: '₦'.repeat(25) }).password).toBe(
      FIELD_MESSAGES.PASSWORD_TOO_LONG,
    );
  });
});

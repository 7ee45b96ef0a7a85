import { describe, expect, it } from 'vitest';
import { enquirySearchTextOf, searchTextOf } from './search-text';

describe('searchTextOf', () => {
  it('makes a Yoruba name typed with or without its marks, in any case, the same letters', () => {
    for (const typed of ['olabisi', 'Ọlábísí', 'ỌLÁBÍSÍ', 'ọlábísí', 'OLABISI']) {
      expect(searchTextOf(typed)).toBe('olabisi');
    }
    expect(searchTextOf('Nwáńkwọ́')).toBe('nwankwo');
  });

  it('writes the same letters whether the marks were typed composed or combining', () => {
    expect(searchTextOf('Adéwálé'.normalize('NFC'))).toBe(searchTextOf('Adéwálé'.normalize('NFD')));
    expect(searchTextOf('Adéwálé')).toBe('adewale');
  });

  it('leaves one space between words and none at the ends', () => {
    expect(searchTextOf('  Chukwuemeka \t\n Nwankwo ')).toBe('chukwuemeka nwankwo');
  });

  it('keeps digits, @ and the like as they are', () => {
    expect(searchTextOf('Ngozi@Shop.NG +234 803')).toBe('ngozi@shop.ng +234 803');
  });
});

describe('enquirySearchTextOf', () => {
  it('joins a first name and surname with a space, and each other column on a line of its own', () => {
    const text = enquirySearchTextOf('web_dev', {
      firstname: 'Chukwuemeka',
      surname: 'Nwáńkwọ́',
      email: 'EMEKA@mail.ng',
      phone: '0803 123 4567',
      reference: 'RD-26-00001',
      state: 'Lagos',
    });
    expect(text).toBe('chukwuemeka nwankwo\nemeka@mail.ng\n0803 123 4567\nlagos\nrd-26-00001');
  });

  it('reads every field a definition marks searched, and only those (the state and the location too)', () => {
    expect(enquirySearchTextOf('request_quote', { name: 'Ada', location: 'Ogun', services: '["SEO"]' })).toBe(
      'ada\nogun',
    );
    expect(enquirySearchTextOf('web_dev', { firstname: 'Ada', referral: 'Google Search', occupation: 'Student' })).toBe(
      'ada',
    );
  });

  it('searches the message of a contact enquiry and the project of a quote request', () => {
    expect(enquirySearchTextOf('contact', { name: 'Ada', message: 'Ẹ káàsán' })).toBe('ada\ne kaasan');
    expect(enquirySearchTextOf('request_quote', { name: 'Ada', project_description: 'Shop' })).toBe('ada\nshop');
  });
});

import { describe, expect, it } from 'vitest';
import { ftsQuery, indexText, normalizeSearch, searchDocument, searchMatch, sortKey } from './normalize';

describe('normalizeSearch', () => {
  it('lower-cases and strips Latin accents (French, Spanish)', () => {
    expect(normalizeSearch('La Dernière Caravane')).toBe('la derniere caravane');
    expect(normalizeSearch("L’ÉPICERIE de Hamid")).toBe('l epicerie de hamid');
    expect(normalizeSearch('La cigüeña de Rabat')).toBe('la ciguena de rabat');
    expect(normalizeSearch('Garçon, cœur, Straße, İstanbul')).toBe('garcon coeur strasse istanbul');
  });

  it('folds Arabic variants: alef forms, hamza seats, taa marbuta, alef maqsura, diacritics, tatweel', () => {
    const rabat = normalizeSearch('الرباط');
    for (const typed of ['أَلرِّبَاط', 'إلرباط', 'آلرباط', 'ٱلرباط', 'الربـــاط', 'الرّباط']) expect(normalizeSearch(typed)).toBe(rabat);
    expect(normalizeSearch('الحاجّة وأولادها')).toBe(normalizeSearch('الحاجه واولادها'));
    expect(normalizeSearch('ليالي المدينة')).toBe(normalizeSearch('ليالى المدينه'));
    expect(normalizeSearch('مسؤول')).toBe('مسوول');
    expect(normalizeSearch('رئيس')).toBe('رييس');
    expect(normalizeSearch('الدائرة ١٧')).toBe('الدايره 17');
  });

  it('separates words on punctuation and spaces', () => {
    expect(normalizeSearch('  Red Line:  Tangier! ')).toBe('red line tangier');
    expect(normalizeSearch('فاس، ألف عام')).toBe('فاس الف عام');
    expect(normalizeSearch('!!!')).toBe('');
  });
});

describe('indexText', () => {
  it('keeps each word once and adds Arabic words without the article', () => {
    expect(indexText(['بلّارج الرباط', 'The Stork of Rabat', 'the stork'])).toBe('بلارج الرباط رباط the stork of rabat');
    expect(indexText([null, '', 'ال'])).toBe('ال');
  });
});

describe('ftsQuery', () => {
  it('quotes every word and makes the last one a prefix', () => {
    expect(ftsQuery('Dernière  Cara')).toBe('"derniere" "cara"*');
    expect(ftsQuery('NOT OR "x" NEAR(')).toBe('"not" "or" "x" "near"*');
    expect(ftsQuery(' - ')).toBeNull();
  });
});

describe('searchDocument', () => {
  it('indexes titles, people and episode titles', () => {
    const doc = searchDocument({ id: 7, original_title: 'Dār', names: ['House'], cast: ['Amal Ayouch'], director: 'Nabil Ayouch', episodes: ['Épisode un'], production_year: 2001 });
    expect(doc).toEqual({ titles: 'dar house', people: 'amal ayouch nabil', episodes: 'episode un', facets: 'all y2001' });
    expect(sortKey("L'Été")).toBe('l ete');
  });
});

describe('searchMatch', () => {
  it('puts the words in the text columns and the year in the facets', () => {
    expect(searchMatch(' Casa ', undefined)).toBe('{titles people episodes} : ("casa"*)');
    expect(searchMatch('casa', 2024)).toBe('{titles people episodes} : ("casa"*) AND facets : "y2024"');
    expect(searchMatch('', 2024)).toBe('facets : "y2024"');
    expect(searchMatch('', undefined)).toBe('facets : "all"');
    expect(searchMatch('?!', undefined)).toBeNull();
  });
});

import { slugify } from 'transliteration';
import { SUBDOMAIN_MAX_LENGTH } from './constants';

/*
 * A subdomain suggestion from the teacher's full name. The transliteration package drops every short
 * vowel of Arabic (it writes "محمد الأمين" as "mhmd-l-myn"), so Arabic words get a small reading of their
 * own here: common names as Algerians spell them in Latin letters, then a letter mapping that restores
 * the vowels a reader expects. Other scripts still go through the package. Kept apart from subdomain.ts
 * because the tables are large: the web loads this on demand (decision 012).
 */

/** Names and words as they are usually written in Latin letters in Algeria; keys have normalised hamzas. */
const KNOWN_WORDS: Record<string, string> = {
  محمد: 'mohamed',
  احمد: 'ahmed',
  محمود: 'mahmoud',
  مصطفى: 'mustapha',
  علي: 'ali',
  عمر: 'omar',
  عثمان: 'othmane',
  يوسف: 'youcef',
  ابراهيم: 'ibrahim',
  اسماعيل: 'ismail',
  يونس: 'younes',
  ياسين: 'yacine',
  امين: 'amine',
  كريم: 'karim',
  رضا: 'rida',
  حمزة: 'hamza',
  خالد: 'khaled',
  سعيد: 'said',
  عزيز: 'aziz',
  مالك: 'malek',
  سليمان: 'slimane',
  بلقاسم: 'belkacem',
  بوعلام: 'boualem',
  جمال: 'djamel',
  رشيد: 'rachid',
  نبيل: 'nabil',
  سمير: 'samir',
  فريد: 'farid',
  حسن: 'hassan',
  حسين: 'hocine',
  طارق: 'tarek',
  اسامة: 'oussama',
  هشام: 'hichem',
  وليد: 'walid',
  مراد: 'mourad',
  رياض: 'riad',
  صالح: 'salah',
  عادل: 'adel',
  عيسى: 'aissa',
  موسى: 'moussa',
  زكريا: 'zakaria',
  قادر: 'kader',
  رحمن: 'rahmane',
  رحيم: 'rahim',
  نور: 'nour',
  هدى: 'houda',
  فاطمة: 'fatima',
  زهراء: 'zahra',
  زهرة: 'zahra',
  خديجة: 'khadidja',
  عايشة: 'aicha',
  مريم: 'meriem',
  سارة: 'sara',
  امينة: 'amina',
  ليلى: 'leila',
  سلمى: 'salma',
  ايمان: 'imane',
  اسماء: 'asma',
  زينب: 'zineb',
  حنان: 'hanane',
  ياسمين: 'yasmine',
  نادية: 'nadia',
  سعاد: 'souad',
  وهيبة: 'wahiba',
  صبرينة: 'sabrina',
  كنزة: 'kenza',
  رانيا: 'rania',
  الله: 'allah',
  بن: 'ben',
  بنت: 'bent',
  ابن: 'ibn',
  ابو: 'abou',
  // Titles teachers put before their name.
  استاذ: 'prof',
  استاذة: 'prof',
  دكتور: 'dr',
  دكتورة: 'dr',
  شيخ: 'cheikh',
};

const CONSONANTS: Record<string, string> = {
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'dj',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'ch',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'dh',
  غ: 'gh',
  ف: 'f',
  ق: 'k',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  پ: 'p',
  چ: 'ch',
  گ: 'g',
  ڤ: 'v',
};

const ARABIC = /[\u0600-\u06ff]/;
const VOWEL_LETTERS = new Set(['ا', 'و', 'ي', 'ى']);

/** Drops diacritics and tatweel and folds the hamza carriers, so that a name matches however it is typed. */
function normalise(word: string): string {
  return word
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ؤ/g, 'و')
    .replace(/[ئی]/g, 'ي')
    .replace(/ک/g, 'ك')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

type TSound = { vowel: boolean; latin: string };

/** Each letter as a consonant or a vowel, from its neighbours (و and ي are both). */
function sounds(word: string): TSound[] {
  const letters = [...word];
  return letters.flatMap((letter, i): TSound[] => {
    const next = letters[i + 1];
    const consonant = CONSONANTS[letter];
    if (consonant) return [{ vowel: false, latin: consonant }];
    if (letter === 'ا' || letter === 'ى') return [{ vowel: true, latin: 'a' }];
    if (letter === 'ة') return [next === undefined ? { vowel: true, latin: 'a' } : { vowel: false, latin: 't' }];
    if (letter === 'ع') return [{ vowel: true, latin: next !== undefined && VOWEL_LETTERS.has(next) ? '' : 'a' }];
    if (letter === 'و') return [i === 0 || next === 'ا' || next === 'ى' ? { vowel: false, latin: 'w' } : { vowel: true, latin: 'ou' }];
    if (letter === 'ي') return [i === 0 || next === 'ا' || next === 'و' ? { vowel: false, latin: 'y' } : { vowel: true, latin: 'i' }];
    if (/[0-9]/.test(letter)) return [{ vowel: true, latin: letter }];
    return []; // ء and anything else: silent
  });
}

/**
 * Arabic is written without its short vowels. Between two consonants an "a" is heard, except after a
 * vowel in the middle of a word (a closed syllable: "hamza", not "hamaza").
 */
function transliterate(word: string): string {
  const parts = sounds(word);
  let out = '';
  let afterVowel = false;
  parts.forEach((sound, i) => {
    out += sound.latin;
    const next = parts[i + 1];
    if (sound.vowel || !next || next.vowel) {
      afterVowel = sound.vowel;
      return;
    }
    const nextIsLast = i + 1 === parts.length - 1;
    if (!afterVowel || nextIsLast) {
      out += 'a';
      afterVowel = true;
    } else {
      afterVowel = false;
    }
  });
  return out.replace(/a{2,}/g, 'a').replace(/i{2,}/g, 'i');
}

function arabicWord(raw: string): string {
  const word = normalise(raw);
  const known = KNOWN_WORDS[word];
  if (known) return known;
  // عبدالله, عبدالقادر: "abd" + "el" + the name, as they are spelled.
  if (word.startsWith('عبدال') && word.length > 5) return word === 'عبدالله' ? 'abdallah' : `abdel${arabicWord(word.slice(5))}`;
  if (word.startsWith('ال') && word.length > 3) {
    const rest = word.slice(2);
    const title = KNOWN_WORDS[rest];
    if (title === 'prof' || title === 'dr' || title === 'cheikh') return title;
    return `el${arabicWord(rest)}`;
  }
  return transliterate(word);
}

/** Joins "عبد" to the name after it, as in "عبد القادر" → "abdelkader". */
function joinCompounds(words: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const next = words[i + 1];
    if (normalise(word) === 'عبد' && next && normalise(next).startsWith('ال')) {
      joined.push(`${word}${next}`);
      i += 1;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** Cuts at a hyphen when the whole suggestion would be longer than a subdomain may be. */
function fitLength(slug: string): string {
  if (slug.length <= SUBDOMAIN_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SUBDOMAIN_MAX_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen >= 3 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

export function suggestSubdomain(fullName: string): string {
  const words = joinCompounds(fullName.split(/[\s\u060c\u061b.,;:!?()"'/_-]+/).filter(Boolean));
  const latin = words.map((word) => (ARABIC.test(word) ? arabicWord(word) : slugify(word, { lowercase: true, separator: '-' })));
  // The same characters sanitizeSubdomainInput keeps, but cut at a word boundary rather than mid-word.
  const slug = latin
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return fitLength(slug);
}

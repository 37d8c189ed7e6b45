// Recording languages offered in Settings (spec part 1, section 9: 25, from en-US through bn-BD).
export const RECORDING_LANGUAGES = [
  { code: "en-US", label: "English (United States)" },
  { code: "en-GB", label: "English (United Kingdom)" },
  { code: "es-ES", label: "Español (España)" },
  { code: "fr-FR", label: "Français (France)" },
  { code: "de-DE", label: "Deutsch (Deutschland)" },
  { code: "it-IT", label: "Italiano (Italia)" },
  { code: "pt-BR", label: "Português (Brasil)" },
  { code: "pt-PT", label: "Português (Portugal)" },
  { code: "nl-NL", label: "Nederlands (Nederland)" },
  { code: "sv-SE", label: "Svenska (Sverige)" },
  { code: "da-DK", label: "Dansk (Danmark)" },
  { code: "nb-NO", label: "Norsk bokmål (Norge)" },
  { code: "fi-FI", label: "Suomi (Suomi)" },
  { code: "pl-PL", label: "Polski (Polska)" },
  { code: "ru-RU", label: "Русский (Россия)" },
  { code: "uk-UA", label: "Українська (Україна)" },
  { code: "tr-TR", label: "Türkçe (Türkiye)" },
  { code: "ar-SA", label: "العربية (السعودية)" },
  { code: "he-IL", label: "עברית (ישראל)" },
  { code: "hi-IN", label: "हिन्दी (भारत)" },
  { code: "ja-JP", label: "日本語 (日本)" },
  { code: "ko-KR", label: "한국어 (대한민국)" },
  { code: "zh-CN", label: "中文 (中国大陆)" },
  { code: "zh-TW", label: "中文 (台灣)" },
  { code: "bn-BD", label: "বাংলা (বাংলাদেশ)" },
] as const;

export type RecordingLanguage = (typeof RECORDING_LANGUAGES)[number]["code"];

export function isRecordingLanguage(code: string): code is RecordingLanguage {
  return RECORDING_LANGUAGES.some((language) => language.code === code);
}

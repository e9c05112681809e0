/**
 * Requests that are not questions about the documentation, whatever words they share with it:
 * small talk, creative writing, the weather, translations, sums, and instructions to the assistant
 * itself (prompt injection). Word overlap cannot tell these apart from real questions — the docs
 * use "good morning" (a greeting synonym), "tomorrow" and "London" (date and place examples) and
 * "system prompt" (generative answers) — so they are recognised by their form. Kept short and
 * specific: a pattern here must never match a question a reader would ask about Tala.
 */
const PATTERNS: readonly RegExp[] = [
  // Instructions to the assistant rather than questions.
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|rules|prompts?|guidelines|above|previous|prior)\b/,
  /\b(your|the) (system|hidden|initial) (prompt|instructions?)\b/,
  /\b(you are now|from now on you|pretend (to be|you are|you're)|act as (an?|the|my)|jailbreak|developer mode)\b/,
  // Creative writing and entertainment.
  /\b(write|compose|make up|give) (me )?(an? |some )?(poem|song|story|haiku|limerick|essay|joke|rap|sonnet)s?\b/,
  /\btell (me )?(an? |some )?(joke|story|riddle)s?\b/,
  // Small talk.
  /^(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you)( there| all| everyone| team)?\b[^a-z]*(how are you( doing)?( today)?)?[^a-z]*$/,
  /\bhow are you( doing)?( today)?\b/,
  /\b(what is|what's) your (name|favou?rite|age|opinion)\b/,
  /\b(who|what) are you\b\??$/,
  // The world outside the docs.
  /\b(weather|forecast)\b.{0,30}\b(in|for|at|tomorrow|today)\b/,
  /\bwill it (rain|snow|be sunny)\b/,
  /\btranslate\b.{0,60}\b(into|to) (english|french|german|spanish|italian|japanese|chinese|korean|dutch|swedish|danish|norwegian|finnish|portuguese|russian|arabic|turkish)\b/,
  /\b(square root|cube root) of\b/,
  // Sums and percentages, in symbols or words.
  /^((what is|what's|calculate|how much is) )?\d[\d.,]* ?(%|percent)? ?([-+*/x×÷^]|plus|minus|times|divided by|multiplied by|to the power of|of) ?\d/,
  // Unit conversions (physical units only: "how many minutes does a session last" is a question).
  /\b\d[\d.,]* ?(°|degrees? )?(f|c|fahrenheit|celsius|kelvin|miles?|km|kilomet(er|re)s?|kg|kilograms?|lbs?|pounds?|ounces?|oz|inch(es)?|feet|foot|cm|mm|meters?|metres?|gallons?|liters?|litres?|cups?) (in|to|into) [a-z]/,
  /\bhow many (ounces|pounds|grams|inches|feet|cups|miles|kilomet(er|re)s|meters|metres|liters|litres|gallons|seconds|minutes|hours|days|weeks) (are )?(in|per) (an?|one) /,
  // Version control itself: the docs keep CSV files "in Git" and quote commit ids, never git's commands.
  /\b(undo|revert|amend|squash)\b.{0,30}\bcommits?\b/,
  /\bgit (rebase|stash|reset|revert|cherry-pick|checkout|bisect|reflog)\b/,
  // The time here or there, not in the data.
  /\bwhat time is it\b/,
  /\btime difference between\b/,
  // Thanks, praise and goodbyes: a reply to an answer, not a question.
  /^(ok(ay)?|great|perfect|cool|nice|awesome|brilliant|excellent|got it|cheers|thanks?|thank you|thx|ty|bye|goodbye|see you|good night|you'?re)\b(?![^?]*\b(how|what|why|where|when|which|who|can|could|does|do|is|are|should|would)\b)[^?]*$/,
];

export function isOffTopic(question: string): boolean {
  const text = question.toLowerCase().replace(/[‘’]/g, "'").trim();
  return PATTERNS.some((pattern) => pattern.test(text));
}

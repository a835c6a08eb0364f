// The demo's profile pictures (prisma/seed/ calls these): a person drawn in a few flat shapes (skin, hair, clothes,
// glasses, a beard) on a coloured ground, made here as SVG and stored as WebP like any upload. Drawn from numbers
// alone, with no text, fonts or network, so every run makes the same pictures. `lookFor(n)` gives a different look to
// each n below LOOKS, and neighbouring numbers look unlike each other.
import { createHash } from "node:crypto";
import sharp from "sharp";

/** How a name is usually borne: it chooses hair styles and beards that fit it. */
export type Presentation = "f" | "m";

export type Look = {
  presentation: Presentation;
  background: string;
  skin: { face: string; shade: string };
  hair: string;
  style: number;
  clothes: string;
  neckline: "crew" | "vee" | "collar" | "clerical";
  glasses: boolean;
  /** Men only: none, stubble, beard, moustache. */
  beard: 0 | 1 | 2 | 3;
};

const BACKGROUNDS = ["#dbeafe", "#e0e7ff", "#ede9fe", "#fae8ff", "#fce7f3", "#ffe4e6", "#ffedd5", "#fef3c7", "#ecfccb", "#d1fae5", "#ccfbf1", "#cffafe"];
const SKINS = [
  { face: "#f9d9c4", shade: "#e8b99f" },
  { face: "#f1c6a0", shade: "#dca57c" },
  { face: "#e0a97e", shade: "#c98b5e" },
  { face: "#c68456", shade: "#a86a40" },
  { face: "#9a5f3a", shade: "#7f4b2c" },
  { face: "#6b4028", shade: "#56321f" },
];
/** Hair colours, and which of them each skin tone above is drawn with (so the people look like families, not a costume box). */
const HAIRS = ["#1f1a17", "#3b2a20", "#5c3b24", "#8a4b2a", "#c89b5a", "#9ca3af", "#d1d5db"];
const HAIRS_BY_SKIN = [[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5], [0, 1, 2, 5], [0, 1, 5, 6], [0, 1, 5], [0, 1, 5, 6]];
const CLOTHES = ["#1e3a8a", "#0f766e", "#7c2d12", "#4c1d95", "#be123c", "#334155", "#166534", "#a16207", "#0e7490", "#9d174d"];
const NECKLINES: Look["neckline"][] = ["crew", "vee", "collar", "crew", "vee", "collar", "crew", "clerical"];
const STYLES = 6;

/** How many people get a look of their own (the product of the choices that tell looks apart). */
export const LOOKS = BACKGROUNDS.length * CLOTHES.length * STYLES * SKINS.length;
/**
 * A step coprime with LOOKS (7·11·13 against 2⁵·3³·5): n → n·STEP mod LOOKS visits every look once, and as its digits
 * in the mixed radix below (5, 3, 2, 1) are none of them 0, each step changes every choice.
 */
const STEP = 1001;

export function lookFor(n: number, presentation: Presentation): Look {
  let code = (n * STEP) % LOOKS;
  const digit = (base: number) => {
    const value = code % base;
    code = Math.floor(code / base);
    return value;
  };
  const background = BACKGROUNDS[digit(BACKGROUNDS.length)];
  const clothes = CLOTHES[digit(CLOTHES.length)];
  const style = digit(STYLES);
  const skinIndex = digit(SKINS.length);
  // The rest varies with n itself: the same look never comes twice, whatever these add.
  const hairs = HAIRS_BY_SKIN[skinIndex];
  const grey = n % 11 === 3;
  return {
    presentation,
    background,
    clothes,
    style,
    skin: SKINS[skinIndex],
    hair: grey ? HAIRS[5 + (n % 2)] : HAIRS[hairs[(n * 5 + skinIndex) % Math.min(hairs.length, 5)]],
    neckline: NECKLINES[(n * 3 + skinIndex) % NECKLINES.length],
    glasses: n % 4 === 1,
    beard: presentation === "m" ? ([0, 2, 0, 1, 3, 0, 2] as const)[n % 7] : 0,
  };
}

/** Hair behind the head (long styles), drawn before the shoulders. */
function hairBehind({ presentation, style, hair }: Look) {
  if (presentation === "f") {
    switch (style) {
      case 0: // long and straight
        return `<path d="M74 112 C 64 170, 70 214, 96 226 L160 226 C 186 214, 192 170, 182 112 Z" fill="${hair}"/>`;
      case 1: // a bob
        return `<path d="M76 112 C 70 150, 74 172, 92 180 L164 180 C 182 172, 186 150, 180 112 Z" fill="${hair}"/>`;
      case 3: // curls
        return `<circle cx="128" cy="112" r="66" fill="${hair}"/><circle cx="76" cy="150" r="22" fill="${hair}"/><circle cx="180" cy="150" r="22" fill="${hair}"/>`;
      case 5: // braids, gathered behind
        return `<path d="M80 110 C 70 160, 76 206, 100 222 L156 222 C 180 206, 186 160, 176 110 Z" fill="${hair}"/><path d="M96 150 v64 M112 156 v66 M144 156 v66 M160 150 v64" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>`;
      default:
        return "";
    }
  }
  return style === 3 ? `<circle cx="128" cy="104" r="58" fill="${hair}"/>` : "";
}

/** Hair over the head, drawn after the face. */
function hairFront({ presentation, style, hair }: Look) {
  const cap = (d: string) => `<path d="${d}" fill="${hair}"/>`;
  if (presentation === "f") {
    switch (style) {
      case 0:
        return cap("M82 122 C 78 70, 104 56, 130 56 C 160 56, 180 76, 174 122 C 166 96, 146 80, 120 82 C 104 84, 90 100, 82 122 Z");
      case 1:
        return cap("M80 126 C 76 72, 104 56, 128 56 C 152 56, 180 72, 176 126 C 170 104, 160 90, 128 88 C 96 90, 86 104, 80 126 Z");
      case 2: // a bun
        return `<circle cx="128" cy="52" r="20" fill="${hair}"/>${cap("M84 116 C 82 74, 104 62, 128 62 C 152 62, 174 74, 172 116 C 164 94, 148 86, 128 86 C 108 86, 92 94, 84 116 Z")}`;
      case 3:
        return `<circle cx="104" cy="74" r="20" fill="${hair}"/><circle cx="128" cy="66" r="22" fill="${hair}"/><circle cx="152" cy="74" r="20" fill="${hair}"/>`;
      case 4: // short
        return cap("M84 118 C 80 72, 104 58, 130 58 C 156 58, 178 72, 172 112 C 160 90, 140 84, 116 88 C 100 92, 90 102, 84 118 Z");
      default:
        return cap("M84 114 C 82 74, 104 62, 128 62 C 152 62, 174 74, 172 114 C 162 94, 146 88, 128 88 C 110 88, 94 94, 84 114 Z");
    }
  }
  switch (style) {
    case 0: // short, parted
      return cap("M84 116 C 80 74, 102 60, 128 60 C 156 60, 176 74, 172 116 C 168 100, 160 90, 140 88 C 124 86, 104 84, 92 96 C 88 102, 86 108, 84 116 Z");
    case 1: // cropped close
      return cap("M86 108 C 86 78, 104 66, 128 66 C 152 66, 170 78, 170 108 C 160 92, 146 86, 128 86 C 110 86, 96 92, 86 108 Z");
    case 2: // receding, sides only
      return cap("M84 124 C 82 104, 86 92, 94 86 C 92 100, 92 112, 92 126 Z") + cap("M172 124 C 174 104, 170 92, 162 86 C 164 100, 164 112, 164 126 Z");
    case 3:
      return `<circle cx="104" cy="76" r="18" fill="${hair}"/><circle cx="128" cy="70" r="20" fill="${hair}"/><circle cx="152" cy="76" r="18" fill="${hair}"/>`;
    case 4: // swept up
      return cap("M84 112 C 78 70, 100 50, 132 52 C 160 54, 180 72, 172 112 C 164 90, 150 80, 128 82 C 106 84, 92 94, 84 112 Z");
    default: // longer, over the ears
      return cap("M80 130 C 74 74, 102 58, 128 58 C 154 58, 182 74, 176 130 C 172 108, 164 94, 146 90 C 128 86, 108 88, 94 96 C 86 104, 82 116, 80 130 Z");
  }
}

function neckline({ neckline, clothes, skin }: Look) {
  switch (neckline) {
    case "vee":
      return `<path d="M108 188 L128 214 L148 188 Z" fill="${skin.shade}"/>`;
    case "collar":
      return `<path d="M104 186 L128 204 L118 222 Z M152 186 L128 204 L138 222 Z" fill="#f8fafc"/>`;
    case "clerical":
      return `<path d="M100 190 C 112 198, 144 198, 156 190 L156 200 C 144 208, 112 208, 100 200 Z" fill="#111827"/><rect x="121" y="194" width="14" height="10" rx="2" fill="#f8fafc"/>`;
    default:
      return `<path d="M106 188 C 116 198, 140 198, 150 188" stroke="${clothes}" stroke-width="8" fill="none" stroke-opacity="0.6"/>`;
  }
}

function beard({ beard, hair, skin }: Look) {
  switch (beard) {
    case 1:
      return `<path d="M90 136 C 92 164, 108 178, 128 178 C 148 178, 164 164, 166 136 C 158 160, 146 168, 128 168 C 110 168, 98 160, 90 136 Z" fill="${hair}" opacity="0.35"/>`;
    case 2:
      return `<path d="M86 128 C 86 168, 104 186, 128 186 C 152 186, 170 168, 170 128 C 162 150, 150 156, 140 154 C 134 152, 122 152, 116 154 C 106 156, 94 150, 86 128 Z" fill="${hair}"/><path d="M116 150 q12 6 24 0" stroke="${skin.shade}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    case 3:
      return `<path d="M110 146 C 116 140, 140 140, 146 146 C 140 150, 116 150, 110 146 Z" fill="${hair}"/>`;
    default:
      return "";
  }
}

/** A head-and-shoulders portrait, drawn on 256 units and made 192 px square (the largest picture shown is 96 px wide). */
export function avatarSvg(look: Look) {
  const { background, clothes, skin, hair } = look;
  const brow = look.hair === HAIRS[6] ? HAIRS[5] : hair;
  const glasses = look.glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="3.5"><circle cx="111" cy="124" r="13"/><circle cx="145" cy="124" r="13"/><path d="M124 123 q4 -3 8 0 M98 121 l-12 -3 M158 121 l12 -3"/></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 256 256">
<rect width="256" height="256" fill="${background}"/>
${hairBehind(look)}
<path d="M24 256 C 26 208, 66 186, 128 186 C 190 186, 230 208, 232 256 Z" fill="${clothes}"/>
<path d="M110 156 L110 190 C 120 198, 136 198, 146 190 L146 156 Z" fill="${skin.shade}"/>
${neckline(look)}
<ellipse cx="86" cy="126" rx="9" ry="13" fill="${skin.shade}"/><ellipse cx="170" cy="126" rx="9" ry="13" fill="${skin.shade}"/>
<ellipse cx="128" cy="120" rx="43" ry="52" fill="${skin.face}"/>
${beard(look)}
<path d="M101 108 q10 -6 20 0 M135 108 q10 -6 20 0" stroke="${brow}" stroke-width="4.5" fill="none" stroke-linecap="round"/>
<circle cx="111" cy="124" r="4.5" fill="#231a14"/><circle cx="145" cy="124" r="4.5" fill="#231a14"/>
<path d="M128 128 q-5 12 1 15" stroke="${skin.shade}" stroke-width="3.5" fill="none" stroke-linecap="round"/>
<path d="M114 152 q14 11 28 0" stroke="#8a3b2e" stroke-width="4" fill="none" stroke-linecap="round"/>
${glasses}
${hairFront(look)}
</svg>`;
}

/** A stable UUID-shaped id for a person's picture (the images route takes 32-36 hex digits and hyphens). */
export function avatarId(personId: number) {
  const hex = createHash("sha256").update(`avatar:${personId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Draws each look as WebP (sharp works on libuv's threads: a few at a time keep both cores busy). */
export async function renderAvatars(looks: Look[]): Promise<Buffer[]> {
  const pictures = new Array<Buffer>(looks.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < looks.length; i = next++) {
      pictures[i] = await sharp(Buffer.from(avatarSvg(looks[i]))).webp({ quality: 82 }).toBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return pictures;
}

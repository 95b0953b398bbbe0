/**
 * `tokens/no-raw-sizes`: in a feature's styles, gaps, paddings, margins and font sizes come from the
 * theme's scales (`vars.space.*`, `vars.fontSize.*`, src/themes/scale.ts), never a raw number or a
 * px/rem/em length. Zero, `auto` and other keywords stay allowed.
 */
const sized = /^(gap|rowGap|columnGap|fontSize|(padding|margin)(Top|Right|Bottom|Left|Inline|Block)?(Start|End)?)$/;
const length = /(-?(?:\d*\.)?\d+)(?:px|rem|em)\b/g;

const rawIn = (text) => [...text.matchAll(length)].some(([, n]) => Number(n) !== 0);

function isRaw(node) {
  if (node.type === 'Literal')
    return typeof node.value === 'number' ? node.value !== 0 : typeof node.value === 'string' && rawIn(node.value);
  if (node.type === 'UnaryExpression') return isRaw(node.argument);
  if (node.type === 'TemplateLiteral') return node.quasis.some((q) => rawIn(q.value.cooked ?? ''));
  return false;
}

const keyName = (key) => (key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : null);

export const noRawSizes = {
  meta: {
    type: 'problem',
    docs: { description: 'Gaps, paddings, margins and font sizes of feature styles come from the theme scales.' },
    messages: {
      raw: 'Raw size for {{property}}: use the theme scale (vars.space.* or vars.fontSize.*, src/themes/scale.ts), or the card, stack and cluster of src/components/ui/layout.',
    },
    schema: [],
  },
  create(context) {
    return {
      Property(node) {
        const property = keyName(node.key);
        if (!node.computed && property && sized.test(property) && isRaw(node.value)) {
          context.report({ node: node.value, messageId: 'raw', data: { property } });
        }
      },
    };
  },
};

export const tokens = { rules: { 'no-raw-sizes': noRawSizes } };

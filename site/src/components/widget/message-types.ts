/**
 * The Tala Web Widget's message types: the payload fields of each (what the docs tables show and
 * what validation checks) and an example. One source for the reference pages, the live previews,
 * the playground and the tests. Payloads arrive in `output.messages` of an engine response.
 */
export type FieldType = 'string' | 'url' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

export interface FieldSpec {
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
  enum?: readonly string[];
  /** Fields of each item (array) or of the object. */
  fields?: readonly FieldSpec[];
  min?: number;
  max?: number;
}

export interface MessageTypeSpec {
  type: string;
  title: string;
  summary: string;
  fields: readonly FieldSpec[];
  example: Record<string, unknown>;
}

const f = (
  name: string,
  type: FieldType,
  required: boolean,
  description: string,
  extra: Partial<FieldSpec> = {},
): FieldSpec => ({
  name,
  type,
  required,
  description,
  ...extra,
});

const button = [
  f('label', 'string', true, 'Text on the button.', { max: 40 }),
  f('value', 'string', false, 'Text sent to the solution as the user input when the button is chosen.'),
  f('url', 'url', false, 'Opens this address in a new tab instead of sending a value.'),
];
const cardFields = [
  f('title', 'string', true, 'Card title.', { max: 80 }),
  f('subtitle', 'string', false, 'Second line under the title.'),
  f('imageUrl', 'url', false, 'Image at the top of the card.'),
  f('imageAlt', 'string', false, 'Alternative text of the image; required when imageUrl is set.'),
  f('text', 'string', false, 'Body text.'),
  f('buttons', 'array', false, 'Up to three buttons under the card.', { fields: button, max: 3 }),
];

export const MESSAGE_TYPES: readonly MessageTypeSpec[] = [
  {
    type: 'audio',
    title: 'Audio',
    summary: 'An audio clip with the browser’s player controls and an optional transcript.',
    fields: [
      f('type', 'string', true, 'Always `audio`.', { enum: ['audio'] }),
      f('url', 'url', true, 'Address of the audio file (MP3, OGG or WAV).'),
      f('title', 'string', true, 'Accessible name of the clip.'),
      f('transcript', 'string', false, 'Text of the clip, shown under the player.'),
    ],
    example: {
      type: 'audio',
      url: 'https://cdn.tala.example/audio/opening-hours.mp3',
      title: 'Opening hours',
      transcript: 'We are open from 9 to 17, Monday to Friday.',
    },
  },
  {
    type: 'bubble',
    title: 'Bubble',
    summary: 'A text bubble: the plain answer of a solution, with TLML formatting already applied.',
    fields: [
      f('type', 'string', true, 'Always `bubble`.', { enum: ['bubble'] }),
      f('text', 'string', true, 'The text of the bubble, without formatting.', { max: 2000 }),
      f(
        'html',
        'string',
        false,
        'The same text with TLML formatting as `strong`, `em`, `a` and `br` elements; the widget shows it instead of `text` when present (this preview shows `text`).',
      ),
      f('sender', 'string', false, 'Who speaks: the bot (default) or a human agent after a hand-over.', {
        enum: ['bot', 'agent'],
      }),
    ],
    example: { type: 'bubble', text: 'Your order 4711 left our kitchen at 18:42.', sender: 'bot' },
  },
  {
    type: 'buttons',
    title: 'Buttons',
    summary: 'A question with buttons that stay visible; each button sends its value or opens a link.',
    fields: [
      f('type', 'string', true, 'Always `buttons`.', { enum: ['buttons'] }),
      f('text', 'string', false, 'Text above the buttons.'),
      f('buttons', 'array', true, 'One to six buttons.', { fields: button, min: 1, max: 6 }),
    ],
    example: {
      type: 'buttons',
      text: 'What would you like to do?',
      buttons: [
        { label: 'Track my order', value: 'track order' },
        { label: 'Opening hours', value: 'opening hours' },
        { label: 'Our menu', url: 'https://pizza.example/menu' },
      ],
    },
  },
  {
    type: 'card',
    title: 'Card',
    summary: 'A card with an image, a title, text and up to three buttons.',
    fields: [f('type', 'string', true, 'Always `card`.', { enum: ['card'] }), ...cardFields],
    example: {
      type: 'card',
      title: 'Margherita',
      subtitle: 'Tomato, mozzarella, basil',
      imageUrl: '/img/logo.svg',
      imageAlt: 'A Margherita pizza',
      text: 'Our classic, baked in a stone oven.',
      buttons: [{ label: 'Order', value: 'order margherita' }],
    },
  },
  {
    type: 'carousel',
    title: 'Carousel',
    summary: 'Two to ten cards side by side, scrolled with buttons or the arrow keys.',
    fields: [
      f('type', 'string', true, 'Always `carousel`.', { enum: ['carousel'] }),
      f('cards', 'array', true, 'The cards, with the fields of a card.', { fields: cardFields, min: 2, max: 10 }),
    ],
    example: {
      type: 'carousel',
      cards: [
        {
          title: 'Margherita',
          text: 'Tomato, mozzarella, basil',
          buttons: [{ label: 'Order', value: 'order margherita' }],
        },
        { title: 'Funghi', text: 'Mushrooms, mozzarella', buttons: [{ label: 'Order', value: 'order funghi' }] },
        {
          title: 'Quattro formaggi',
          text: 'Four cheeses',
          buttons: [{ label: 'Order', value: 'order quattro formaggi' }],
        },
      ],
    },
  },
  {
    type: 'combo',
    title: 'Combo',
    summary: 'A drop-down list to choose one option from many, sent as the user input.',
    fields: [
      f('type', 'string', true, 'Always `combo`.', { enum: ['combo'] }),
      f('label', 'string', true, 'Label of the list.'),
      f('options', 'array', true, 'The options.', {
        min: 1,
        fields: [f('label', 'string', true, 'Shown text.'), f('value', 'string', true, 'Sent value.')],
      }),
      f('placeholder', 'string', false, 'Text shown before a choice.'),
    ],
    example: {
      type: 'combo',
      label: 'Choose your restaurant',
      placeholder: 'Select a city',
      options: [
        { label: 'Stockholm', value: 'restaurant stockholm' },
        { label: 'Gothenburg', value: 'restaurant gothenburg' },
        { label: 'Malmö', value: 'restaurant malmo' },
      ],
    },
  },
  {
    type: 'form',
    title: 'Form',
    summary: 'A small form whose values are sent together as parameters of the next request.',
    fields: [
      f('type', 'string', true, 'Always `form`.', { enum: ['form'] }),
      f('title', 'string', false, 'Form heading.'),
      f('fields', 'array', true, 'The form fields.', {
        min: 1,
        fields: [
          f('name', 'string', true, 'Parameter name sent to the solution.'),
          f('label', 'string', true, 'Field label.'),
          f('inputType', 'string', false, 'Kind of input.', { enum: ['text', 'email', 'tel', 'number', 'date'] }),
          f('required', 'boolean', false, 'Whether the field must be filled.'),
        ],
      }),
      f('submitLabel', 'string', true, 'Text of the submit button.'),
    ],
    example: {
      type: 'form',
      title: 'Call me back',
      fields: [
        { name: 'name', label: 'Your name', inputType: 'text', required: true },
        { name: 'phone', label: 'Phone number', inputType: 'tel', required: true },
      ],
      submitLabel: 'Send',
    },
  },
  {
    type: 'image',
    title: 'Image',
    summary: 'An image with alternative text and an optional caption.',
    fields: [
      f('type', 'string', true, 'Always `image`.', { enum: ['image'] }),
      f('url', 'url', true, 'Address of the image.'),
      f('alt', 'string', true, 'Alternative text for screen readers.'),
      f('caption', 'string', false, 'Caption under the image.'),
    ],
    example: { type: 'image', url: '/img/logo.svg', alt: 'The Tala logo: a speech bubble with a T', caption: 'Tala' },
  },
  {
    type: 'link-button',
    title: 'Link button',
    summary: 'One prominent button that opens a page.',
    fields: [
      f('type', 'string', true, 'Always `link-button`.', { enum: ['link-button'] }),
      f('label', 'string', true, 'Button text.'),
      f('url', 'url', true, 'Address opened in a new tab.'),
      f('text', 'string', false, 'Text above the button.'),
    ],
    example: {
      type: 'link-button',
      text: 'You can pay your invoice online.',
      label: 'Pay invoice',
      url: 'https://pizza.example/pay',
    },
  },
  {
    type: 'link-preview',
    title: 'Link preview',
    summary: 'A link shown with its page title, description and site name.',
    fields: [
      f('type', 'string', true, 'Always `link-preview`.', { enum: ['link-preview'] }),
      f('url', 'url', true, 'Linked address.'),
      f('title', 'string', true, 'Page title.'),
      f('description', 'string', false, 'Short description of the page.'),
      f('siteName', 'string', false, 'Name of the site.'),
    ],
    example: {
      type: 'link-preview',
      url: 'https://pizza.example/allergens',
      title: 'Allergens in our pizzas',
      description: 'Which of our pizzas contain gluten, lactose or nuts.',
      siteName: 'Pizza Example',
    },
  },
  {
    type: 'list',
    title: 'List',
    summary: 'A vertical list of items, each with a title, a description and an optional action.',
    fields: [
      f('type', 'string', true, 'Always `list`.', { enum: ['list'] }),
      f('title', 'string', false, 'Heading of the list.'),
      f('ordered', 'boolean', false, 'Numbered list (steps) instead of bullets.'),
      f('items', 'array', true, 'The items.', {
        min: 1,
        max: 20,
        fields: [
          f('title', 'string', true, 'Item title.'),
          f('description', 'string', false, 'Item text.'),
          f('value', 'string', false, 'Sent as user input when the item is chosen.'),
        ],
      }),
    ],
    example: {
      type: 'list',
      title: 'How to reset your password',
      ordered: true,
      items: [
        { title: 'Open the sign-in page', description: 'Choose “Forgot password”.' },
        { title: 'Enter your e-mail address', description: 'We send you a link within a minute.' },
        { title: 'Choose a new password', description: 'At least 12 characters.' },
      ],
    },
  },
  {
    type: 'modal',
    title: 'Modal',
    summary: 'A button that opens a dialog with longer content, such as terms.',
    fields: [
      f('type', 'string', true, 'Always `modal`.', { enum: ['modal'] }),
      f('buttonLabel', 'string', true, 'Text of the button that opens the dialog.'),
      f('title', 'string', true, 'Dialog title.'),
      f('text', 'string', true, 'Dialog content.'),
    ],
    example: {
      type: 'modal',
      buttonLabel: 'Read the delivery terms',
      title: 'Delivery terms',
      text: 'We deliver within 5 km of each restaurant. Orders above 200 SEK are delivered free of charge.',
    },
  },
  {
    type: 'quick-reply',
    title: 'Quick reply',
    summary: 'Suggested answers as chips that disappear once one is chosen.',
    fields: [
      f('type', 'string', true, 'Always `quick-reply`.', { enum: ['quick-reply'] }),
      f('text', 'string', false, 'The question.'),
      f('replies', 'array', true, 'One to ten replies.', {
        min: 1,
        max: 10,
        fields: [
          f('label', 'string', true, 'Chip text.'),
          f('value', 'string', false, 'Sent value; defaults to the label.'),
        ],
      }),
    ],
    example: {
      type: 'quick-reply',
      text: 'Anything to drink?',
      replies: [{ label: 'Cola' }, { label: 'Water' }, { label: 'No, thanks', value: 'no drinks' }],
    },
  },
  {
    type: 'rating',
    title: 'Rating',
    summary: 'A request for a rating from 1 to the given scale, sent back as the user input.',
    fields: [
      f('type', 'string', true, 'Always `rating`.', { enum: ['rating'] }),
      f('text', 'string', true, 'The question.'),
      f('scale', 'integer', false, 'Number of options, shown as stars or digits by `style` (3 to 10, default 5).', {
        min: 3,
        max: 10,
      }),
      f('style', 'string', false, 'Stars or numbers.', { enum: ['stars', 'numbers'] }),
    ],
    example: { type: 'rating', text: 'How did we do today?', scale: 5, style: 'stars' },
  },
  {
    type: 'system-message',
    title: 'System message',
    summary: 'A notice from the widget or the solution, not part of the dialogue (hand-over, session end).',
    fields: [
      f('type', 'string', true, 'Always `system-message`.', { enum: ['system-message'] }),
      f('text', 'string', true, 'The notice.'),
      f('level', 'string', false, 'Importance.', { enum: ['info', 'warning', 'error'] }),
    ],
    example: { type: 'system-message', text: 'You are now chatting with Alex from customer service.', level: 'info' },
  },
  {
    type: 'table',
    title: 'Table',
    summary: 'Data in rows and columns with a caption.',
    fields: [
      f('type', 'string', true, 'Always `table`.', { enum: ['table'] }),
      f('caption', 'string', true, 'What the table shows.'),
      f('columns', 'array', true, 'Column headings (strings).', { min: 1 }),
      f('rows', 'array', true, 'Rows, each an array of cell texts as long as `columns`.'),
    ],
    example: {
      type: 'table',
      caption: 'Opening hours',
      columns: ['Day', 'Open', 'Close'],
      rows: [
        ['Monday–Friday', '11:00', '22:00'],
        ['Saturday', '12:00', '23:00'],
        ['Sunday', '12:00', '21:00'],
      ],
    },
  },
  {
    type: 'upload',
    title: 'Upload',
    summary: 'A request to upload a file, with accepted types and a size limit.',
    fields: [
      f('type', 'string', true, 'Always `upload`.', { enum: ['upload'] }),
      f('text', 'string', true, 'What to upload and why.'),
      f('accept', 'array', false, 'Accepted MIME types or extensions (strings).'),
      f('maxSizeMb', 'number', false, 'Largest accepted file, in MB (default 10).', { min: 1, max: 25 }),
    ],
    example: {
      type: 'upload',
      text: 'Please upload a photo of the receipt.',
      accept: ['image/png', 'image/jpeg', '.pdf'],
      maxSizeMb: 10,
    },
  },
  {
    type: 'video',
    title: 'Video',
    summary: 'A video with player controls, a poster image and captions.',
    fields: [
      f('type', 'string', true, 'Always `video`.', { enum: ['video'] }),
      f('url', 'url', true, 'Address of the video (MP4 or WebM).'),
      f('title', 'string', true, 'Accessible name of the video.'),
      f('posterUrl', 'url', false, 'Image shown before playing.'),
      f('captionsUrl', 'url', false, 'WebVTT captions.'),
    ],
    example: {
      type: 'video',
      url: 'https://cdn.tala.example/video/how-we-bake.mp4',
      title: 'How we bake our pizzas',
      posterUrl: '/img/logo.svg',
    },
  },
];

export const messageType = (type: string): MessageTypeSpec | undefined => MESSAGE_TYPES.find((t) => t.type === type);

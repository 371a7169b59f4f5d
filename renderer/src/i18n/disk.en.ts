// English: the words of the low disk space banner.
export const diskEn = {
  low: 'The disk is almost full: {{megabytes}} MB left for Tableside.',
  what: 'Payments that cannot be saved are refused and guests must try again. Free space on this computer (empty the recycle bin, remove old files); this message goes away by itself.',
};

// Czech: Nastavení → Zálohy.
import type { Translations } from './en';
export const backupsCs: Translations['backups'] = {
  title: 'Zálohy',
  hint: 'Tableside zálohuje svou databázi jednou denně a před každou její aktualizací a ponechává {{kept}} nejnovějších. Obnovení nahradí dnešní data daty ze zálohy (současná databáze se odloží stranou).',
  none: 'Zatím žádné zálohy. První vznikne minutu po spuštění.',
  when: 'Vytvořeno',
  restore: 'Obnovit…',
  locked: 'Pro obnovení zálohy odemkněte nastavení PINem vedoucího.',
  confirmTitle: 'Obnovit tuto zálohu?',
  confirm: 'Vše zaznamenané po {{when}} ze seznamu zmizí (zůstane v odložené databázi). Tableside se pro obnovení zastaví.',
  confirmYes: 'Obnovit a restartovat',
  restartAutomatic: 'Obnovuje se {{name}}: Tableside se za chvíli restartuje.',
  restartManual: 'Obnovuje se {{name}}: Tableside se zastaví; pro pokračování ho spusťte znovu.',
  megabytes: '{{size}} MB',
};

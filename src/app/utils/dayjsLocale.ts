/**
 * Sets dayjs to zh-CN (spec 9 formats, Chinese month and weekday names in date pickers).
 * Imported by the main layout, not the entry, so the login page does not download dayjs.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

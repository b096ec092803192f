// Saxon-HE on Java running the official Peppol XSLT, measured the way bench.ts measures the
// TypeScript engine: documents per CPU second of the process, warm (after a warm-up), one
// thread. Run by bench.ts as `java -cp Saxon-HE.jar bench/SaxonBench.java SECONDS WARMUP XSLT... -- XML...`
// (Java 11+ runs a single source file without a build step).
//
// For each XML file it prints one line of JSON:
//   {"file":…, "parseAndRules": docs/s, "rulesOnly": docs/s, "fatal": n, "warning": n}
// "parseAndRules": the file is parsed from its bytes into Saxon's tree, then every stylesheet
// runs on that one tree (what validation costs end to end, without the XSD);
// "rulesOnly": the stylesheets on a tree built beforehand.
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.DocumentBuilder;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.XdmDestination;
import net.sf.saxon.s9api.XdmNode;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;

public class SaxonBench {
  interface Run {
    void run() throws Exception;
  }

  static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** Runs per CPU second of `run`, after `seconds` of warm-up, over `seconds` of wall time. */
  static double perSecond(Run run, double seconds) throws Exception {
    long warmEnd = System.nanoTime() + (long) (seconds * 1e9);
    do run.run(); while (System.nanoTime() < warmEnd);
    long count = 0;
    long cpuStart = cpuNanos();
    long end = System.nanoTime() + (long) (seconds * 1e9);
    do {
      run.run();
      count++;
    } while (System.nanoTime() < end || count < 3);
    return count / ((cpuNanos() - cpuStart) / 1e9);
  }

  static int count(XdmNode svrl, String flag) {
    String text = svrl.toString();
    int found = 0;
    for (int at = text.indexOf("flag=\"" + flag + "\""); at >= 0; at = text.indexOf("flag=\"" + flag + "\"", at + 1)) found++;
    return found;
  }

  public static void main(String[] args) throws Exception {
    double seconds = Double.parseDouble(args[0]);
    double warmUp = Double.parseDouble(args[1]);
    List<String> stylesheets = new ArrayList<>();
    List<String> files = new ArrayList<>();
    boolean inFiles = false;
    for (int i = 2; i < args.length; i++) {
      if (args[i].equals("--")) inFiles = true;
      else (inFiles ? files : stylesheets).add(args[i]);
    }
    Processor processor = new Processor(false);
    List<XsltExecutable> executables = new ArrayList<>();
    for (String stylesheet : stylesheets) {
      executables.add(processor.newXsltCompiler().compile(new StreamSource(Path.of(stylesheet).toFile())));
    }
    DocumentBuilder builder = processor.newDocumentBuilder();
    boolean warm = false;
    for (String file : files) {
      byte[] bytes = Files.readAllBytes(Path.of(file));
      String systemId = Path.of(file).toUri().toString();
      XdmNode[] tree = { builder.build(new StreamSource(new ByteArrayInputStream(bytes), systemId)) };
      int[] flags = { 0, 0 };
      Run rules = () -> {
        for (XsltExecutable executable : executables) {
          XsltTransformer transformer = executable.load();
          transformer.setInitialContextNode(tree[0]);
          XdmDestination result = new XdmDestination();
          transformer.setDestination(result);
          transformer.transform();
        }
      };
      Run parseAndRules = () -> {
        tree[0] = builder.build(new StreamSource(new ByteArrayInputStream(bytes), systemId));
        rules.run();
      };
      for (XsltExecutable executable : executables) {
        XsltTransformer transformer = executable.load();
        transformer.setInitialContextNode(tree[0]);
        XdmDestination result = new XdmDestination();
        transformer.setDestination(result);
        transformer.transform();
        flags[0] += count(result.getXdmNode(), "fatal");
        flags[1] += count(result.getXdmNode(), "warning");
      }
      if (!warm) {
        // The JIT compiles Saxon and the stylesheets' code on the first runs: a longer warm-up
        // once, on the first file, so no figure pays for it.
        perSecond(parseAndRules, warmUp);
        warm = true;
      }
      double both = perSecond(parseAndRules, seconds);
      double only = perSecond(rules, seconds);
      System.out.printf(
          "{\"file\":\"%s\",\"parseAndRules\":%.3f,\"rulesOnly\":%.3f,\"fatal\":%d,\"warning\":%d}%n",
          file.replace("\\", "\\\\").replace("\"", "\\\""), both, only, flags[0], flags[1]);
    }
  }
}
